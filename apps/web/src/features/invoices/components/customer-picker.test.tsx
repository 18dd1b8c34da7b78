import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@meterline/contract/customers';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { CustomerPicker, matchesTyped } from './customer-picker';

const person = (id: number, full_name: string, code: string, phone: string | null = null) => ({ id, full_name, code, phone }) as Customer;
const OMAR = person(1, 'Omar Saleh', 'E-0001', '+961 3 111 111');
const RANIA = person(2, 'Rania Khoury', 'E-0002');

function Picker() {
  const [value, setValue] = useState<Customer | null>(null);
  return (
    <>
      <CustomerPicker serviceId={1} label="Customer" value={value} onChange={setValue} />
      <output>{value?.full_name ?? 'nobody'}</output>
    </>
  );
}

describe('the customer picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('narrows the rows of the earlier search to what is typed while the new search is on its way', async () => {
    let answerSearch: (() => void) | undefined;
    const searched: string[] = [];
    stubFetch((url) => {
      const search = new URL(url, 'http://localhost').searchParams.get('search') ?? '';
      searched.push(search);
      const page = (rows: Customer[]) => jsonResponse(200, { count: rows.length, next: null, previous: null, results: rows });
      if (search === '') return page([OMAR, RANIA]);
      // The typed search answers only when the test says so: until then the list holds the earlier rows.
      return new Promise((resolve) => (answerSearch = () => resolve(page([RANIA]))));
    });
    renderWithProviders(<Picker />);
    const box = screen.getByRole('combobox', { name: 'Customer' });
    await userEvent.click(box);
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findAllByRole('option')).toHaveLength(2);

    await userEvent.type(box, 'E-0002');
    // Omar's row is gone at once: the row under the finger can only be Rania's.
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringContaining('Rania Khoury')]);
    await waitFor(() => expect(searched).toContain('E-0002'));
    answerSearch?.();
    await userEvent.click(await within(screen.getByRole('listbox')).findByRole('option', { name: /Rania Khoury/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Rania Khoury');
  });

  it('matches the name, the code or the phone, in either digit system and any case', () => {
    expect(matchesTyped(OMAR, 'omar')).toBe(true);
    expect(matchesTyped(OMAR, 'e-0001')).toBe(true);
    expect(matchesTyped(OMAR, '٣ ١١١')).toBe(true);
    expect(matchesTyped(RANIA, 'Omar')).toBe(false);
    expect(matchesTyped(RANIA, '  ')).toBe(true);
  });
});
