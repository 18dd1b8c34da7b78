import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-render';
import { NumericTextField } from './numeric-text-field';

function AmountForm({ onValue }: { onValue(value: string): void }) {
  const { control, watch } = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  onValue(watch('amount'));
  return <NumericTextField control={control} name="amount" label="Amount" />;
}

describe('NumericTextField', () => {
  it('takes Arabic-Indic digits and the Arabic decimal separator, with the numeric keyboard', async () => {
    let value = '';
    renderWithProviders(<AmountForm onValue={(next) => (value = next)} />);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '١٢٫٥');
    expect(input).toHaveValue('12.5');
    expect(value).toBe('12.5');
  });
});
