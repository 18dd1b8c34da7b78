import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-render';
import { UnsavedChangesDialog } from '../ui/unsaved-changes-dialog';
import { useUnsavedChanges } from './use-unsaved-changes';

function FormPage() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { blocker, allowNextNavigation } = useUnsavedChanges(text !== '');
  return (
    <>
      <label>
        Name
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button
        onClick={() => {
          allowNextNavigation();
          void navigate('/saved');
        }}
      >
        Save
      </button>
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}

const routes = [
  { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
  { path: '/saved', element: <h1>Saved page</h1> },
];

describe('useUnsavedChanges', () => {
  it('lets a clean form go', async () => {
    const { router } = renderWithProviders(<FormPage />, { path: '/form', routePath: '/form', routes });
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks before leaving with changes: stay keeps the form, leave goes', async () => {
    const { router } = renderWithProviders(<FormPage />, { path: '/form', routePath: '/form', routes });
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('x');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('lets a save navigate away at once', async () => {
    const { router } = renderWithProviders(<FormPage />, { path: '/form', routePath: '/form', routes });
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/saved'));
  });
});
