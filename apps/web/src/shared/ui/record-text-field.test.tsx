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
import { NumericTextField } from './numeric-text-field';
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

interface Reading {
  reading: string;
  phone: string;
  email: string;
}

function ReadingRecord({ save }: { save(values: Reading): Promise<Reading> }) {
  const form = useForm<Reading>({ defaultValues: { reading: '1234.5', phone: '+961 3 975805', email: 'meter1@example.com' } });
  const record = useRecordForm({ form, fields: ['reading', 'phone', 'email'], hasReadView: true, save, onSaved: () => undefined });
  return (
    <RecordFormFrame record={record} actions={{ cancelTo: '/list', submitLabel: 'حفظ' }}>
      <NumericTextField control={form.control} name="reading" label="القراءة" />
      <FormTextField control={form.control} name="phone" type="tel" label="الهاتف" slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <FormTextField control={form.control} name="email" type="email" label="البريد" />
    </RecordFormFrame>
  );
}

describe('an empty field in the read view, in Arabic', () => {
  it('shows the dash under the right-to-left styles too', () => {
    renderWithProviders(<EmptyRecord save={async (values) => values} />, { language: 'ar' });
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', '—');
    expect(screen.getByRole('combobox', { name: 'Station' })).toHaveTextContent('—');
  });
});

describe('a stored value in the read view, for a reader of Arabic-Indic digits', () => {
  it("shows in the user's digits and decimal separator; editing and saving keep Western digits", async () => {
    const save = vi.fn(async (values: Reading) => values);
    renderWithProviders(<ReadingRecord save={save} />, { language: 'ar', tenant: { default_digits: 'arab' } });

    expect(screen.getByLabelText('القراءة')).toHaveValue('١٢٣٤٫٥');
    // A phone is a code: as stored, like CodeText and the printed documents (docs/web.md, "Digits").
    expect(screen.getByLabelText('الهاتف')).toHaveValue('+961 3 975805');
    expect(screen.getByLabelText('البريد')).toHaveValue('meter1@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'تعديل' }));
    const reading = screen.getByLabelText('القراءة');
    // Editable, a numeric input shows the value in the reader's digits too; the form's value stays ASCII.
    expect(reading).toHaveValue('١٢٣٤٫٥');
    expect(screen.getByLabelText('الهاتف')).toHaveValue('+961 3 975805');
    await userEvent.clear(reading);
    await userEvent.type(reading, '١٢٣٥٫٧٥');
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ reading: '1235.75', phone: '+961 3 975805', email: 'meter1@example.com' }));
    // Back in the read view, the saved reading in the user's digits again.
    await waitFor(() => expect(screen.getByLabelText('القراءة')).toHaveValue('١٢٣٥٫٧٥'));
  });

  it('stays in Western digits for a reader of Western digits', () => {
    renderWithProviders(<ReadingRecord save={async (values) => values} />, { language: 'ar', tenant: { default_digits: 'latn' } });
    expect(screen.getByLabelText('القراءة')).toHaveValue('1234.5');
    expect(screen.getByLabelText('الهاتف')).toHaveValue('+961 3 975805');
  });
});
