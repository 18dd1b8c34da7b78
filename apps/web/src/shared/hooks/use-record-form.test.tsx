import MenuItem from '@mui/material/MenuItem';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/test-render';
import { FormActions } from '../ui/form-actions';
import { FormReadOnly } from '../ui/form-read-only';
import { FormSwitch } from '../ui/form-switch';
import { FormTextField } from '../ui/form-text-field';
import { UnsavedChangesDialog } from '../ui/unsaved-changes-dialog';
import { useRecordForm } from './use-record-form';

interface Values {
  name: string;
  status: string;
  is_active: boolean;
}

function RecordForm({ hasReadView, save }: { hasReadView: boolean; save(values: Values): Promise<Values> }) {
  const form = useForm<Values>({ defaultValues: { name: 'North', status: 'active', is_active: true } });
  const { handleSubmit, formError, blocker, isSaving, editStep } = useRecordForm({
    form,
    fields: ['name', 'status', 'is_active'],
    hasReadView,
    save,
    onSaved: () => undefined,
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <FormReadOnly isReadOnly={editStep.isReadView}>
        {formError && <p role="alert">{formError}</p>}
        <FormTextField control={form.control} name="name" label="Name" required />
        <FormTextField control={form.control} name="status" select label="Status">
          <MenuItem value="active">Active</MenuItem>
          <MenuItem value="closed">Closed</MenuItem>
        </FormTextField>
        <FormSwitch control={form.control} name="is_active" label="Active" />
        <FormActions cancelTo="/list" isSaving={isSaving} submitLabel="Save changes" editStep={editStep} />
      </FormReadOnly>
      <Link to="/elsewhere">Elsewhere</Link>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

const routes = [
  { path: '/list', element: <h1>List page</h1> },
  { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
];

describe('a record form: read view, Edit as a step', () => {
  it('opens read-only (not disabled) with an Edit button and no Save', async () => {
    const save = vi.fn(async (values: Values) => values);
    renderWithProviders(<RecordForm hasReadView save={save} />, { routes });
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('North');
    expect(name).toHaveAttribute('readonly');
    expect(name).not.toBeDisabled();
    expect(name).not.toBeRequired();
    expect(screen.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-readonly', 'true');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    // Typing, opening the select and flipping the switch change nothing.
    await userEvent.type(name, 'x');
    expect(name).toHaveValue('North');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(save).not.toHaveBeenCalled();
  });

  it('Edit makes the fields editable and focuses the first; Cancel puts the saved values back and returns to the read view', async () => {
    const save = vi.fn(async (values: Values) => values);
    const { router } = renderWithProviders(<RecordForm hasReadView save={save} />, { path: '/record', routePath: '/record', routes });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText(/Name/);
    expect(name).not.toHaveAttribute('readonly');
    expect(name).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
    await userEvent.clear(name);
    await userEvent.type(name, 'South');
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/record');
    expect(screen.getByLabelText('Name')).toHaveValue('North');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps the unsaved-changes guard while editing', async () => {
    const save = vi.fn(async (values: Values) => values);
    renderWithProviders(<RecordForm hasReadView save={save} />, { path: '/record', routePath: '/record', routes });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText(/Name/), ' Hill');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  });

  it('a successful save returns to the read view with the saved values; Cancel afterwards keeps them', async () => {
    const save = vi.fn(async (values: Values) => values);
    renderWithProviders(<RecordForm hasReadView save={save} />, { routes });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText(/Name/));
    await userEvent.type(screen.getByLabelText(/Name/), 'South');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument());
    expect(save).toHaveBeenCalledWith({ name: 'South', status: 'active', is_active: true });
    expect(screen.getByLabelText('Name')).toHaveValue('South');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText(/Name/), ' Hill');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Name')).toHaveValue('South');
  });

  it('a refused save stays in the edit step', async () => {
    const save = vi.fn(async () => Promise.reject(new Error('boom')));
    renderWithProviders(<RecordForm hasReadView save={save} />, { routes });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).not.toHaveAttribute('readonly');
  });

  it('a create form is editable from the start and its Cancel leaves for the list', async () => {
    const save = vi.fn(async (values: Values) => values);
    const { router } = renderWithProviders(<RecordForm hasReadView={false} save={save} />, { routes });
    expect(screen.getByLabelText(/Name/)).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
  });

  it('names the Edit button in Arabic', () => {
    renderWithProviders(<RecordForm hasReadView save={async (values) => values} />, { routes, language: 'ar' });
    expect(screen.getByRole('button', { name: 'تعديل' })).toBeInTheDocument();
  });
});
