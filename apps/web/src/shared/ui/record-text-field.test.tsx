import MenuItem from '@mui/material/MenuItem';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useRecordForm } from '../hooks/use-record-form';
import { renderWithProviders } from '../lib/test-render';
import { FormDatePickerField } from './date-picker-field';
import { FormTextField } from './form-text-field';
import { MonthField } from './month-field';
import { RecordFormFrame } from './record-form-frame';

interface Values {
  email: string;
  station: number | null;
  month: string;
  due: string;
}

const toId = (text: string) => (text === '' ? null : Number(text));

function EmptyRecord({ save }: { save(values: Values): Promise<Values> }) {
  const form = useForm<Values>({ defaultValues: { email: '', station: null, month: '', due: '' } });
  const record = useRecordForm({ form, fields: ['email', 'station', 'month', 'due'], hasReadView: true, save, onSaved: () => undefined });
  return (
    <RecordFormFrame record={record} actions={{ cancelTo: '/list', submitLabel: 'Save changes' }}>
      <FormTextField control={form.control} name="email" label="Email" />
      <FormTextField control={form.control} name="station" select parse={toId} label="Station">
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        <MenuItem value={1}>North</MenuItem>
      </FormTextField>
      <MonthField control={form.control} name="month" label="Month" isRequired />
      <FormDatePickerField control={form.control} name="due" label="Due" />
    </RecordFormFrame>
  );
}

const labelOf = (text: string) => screen.getByText(text, { selector: '.MuiInputLabel-root' });

describe('an empty field in the read view', () => {
  it('shows its label shrunk above the outline and a dash, and after Edit is empty and saves empty', async () => {
    const save = vi.fn(async (values: Values) => values);
    renderWithProviders(<EmptyRecord save={save} />);

    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('');
    expect(email).toHaveAttribute('placeholder', '—');
    expect(labelOf('Email')).toHaveAttribute('data-shrink', 'true');
    expect(screen.getByRole('combobox', { name: 'Station' })).toHaveTextContent('—');
    expect(labelOf('Station')).toHaveAttribute('data-shrink', 'true');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveTextContent('—');
    expect(screen.getByLabelText('Month: Year')).toHaveAttribute('placeholder', '—');
    // The date field shows the same, without downloading its picker.
    expect(screen.getByLabelText('Due')).toHaveAttribute('placeholder', '—');
    expect(labelOf('Due')).toHaveAttribute('data-shrink', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editable = screen.getByLabelText('Email');
    expect(editable).toHaveValue('');
    expect(editable).not.toHaveAttribute('placeholder');
    // (Edit focuses the first field, whose label rises for the focus.)
    expect(screen.getByRole('combobox', { name: 'Station' })).not.toHaveTextContent('—');
    expect(labelOf('Station')).toHaveAttribute('data-shrink', 'false');
    expect(await screen.findByRole('group', { name: 'Due' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ email: '', station: null, month: '', due: '' }));
  });
});
