import type { Config } from '@meterline/contract/config';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { SettingsPage } from './settings-page';
import { config as baseConfig } from './settings-test-data';

const config: Config = { ...baseConfig, logo: null };

function answer(url: string, init: RequestInit, saved: Partial<Config> = {}) {
  if (url === '/api/config/') return jsonResponse(200, config);
  if (url === '/api/config/5/' && init.method === 'PUT') return jsonResponse(200, { ...config, ...saved });
  if (url === '/api/regions/') return jsonResponse(200, []);
  if (url === '/api/services/')
    return jsonResponse(200, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true, max_consumption_per_day: null }]);
  return undefined;
}

describe('late fee and reminder settings (issue 15)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the late fee, the reminder language, a template and the disconnection threshold', async () => {
    const fetchMock = stubFetch((url, init) =>
      answer(url, init, { late_fee_kind: 'percent', late_fee_value: '5.000', reminder_language: 'ar' }),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    // No late fee: no value to set.
    expect(await screen.findByRole('combobox', { name: 'Late fee' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Amount or percent' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Late fee' }));
    await userEvent.click(await screen.findByRole('option', { name: 'A percent of what is left' }));
    const value = screen.getByRole('textbox', { name: 'Amount or percent' });
    await userEvent.clear(value);
    await userEvent.type(value, '٥');
    await userEvent.click(screen.getByRole('combobox', { name: 'Language of reminders' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Arabic' }));
    const template = screen.getByRole('textbox', { name: 'Message in Arabic' });
    await userEvent.clear(template);
    await userEvent.type(template, 'مرحبا {{name} ادفع {{amount}');
    // The preview fills the placeholders for a sample customer.
    expect(screen.getByText(/مرحبا Sami Haddad ادفع/)).toBeInTheDocument();
    const days = screen.getByRole('textbox', { name: 'Disconnection list: overdue at least (days)' });
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')![1]!.body));
    expect(body).toMatchObject({
      late_fee_kind: 'percent',
      late_fee_value: '5',
      late_fee_after_days: 30,
      reminder_language: 'ar',
      reminder_template_ar: 'مرحبا {name} ادفع {amount}',
      reminder_template_en: config.reminder_template_en,
      disconnection_after_days: 90,
    });
  });

  it('shows its labels in Arabic', async () => {
    stubFetch((url, init) => answer(url, init));
    renderWithProviders(<SettingsPage />, { path: '/settings', language: 'ar' });
    expect(await screen.findByRole('region', { name: 'تذكيرات المتأخرات' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'غرامة التأخير' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'الرسالة بالعربية' })).toHaveValue(config.reminder_template_ar);
  });
});
