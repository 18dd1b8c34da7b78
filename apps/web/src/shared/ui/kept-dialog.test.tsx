import { fireEvent, render, screen } from '@testing-library/react';
import { useContext, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogExitedContext, KeptDialog } from './kept-dialog';
import { createAppTheme } from '../lib/theme';
import { DEFAULT_SETTINGS } from '../lib/settings-store';
import { FADE_DURATIONS } from '../lib/constants';

/** Stands for a dialog: shows what it was opened on, and ends its "transition" when asked. */
function FakeDialog({ value, isOpen }: { value: string; isOpen: boolean }) {
  const onExited = useContext(DialogExitedContext);
  return (
    <div role="dialog" aria-label={value} data-open={isOpen}>
      <button onClick={onExited}>end the fade</button>
    </div>
  );
}

function Page() {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <>
      <button onClick={() => setOpened('payment 7')}>open</button>
      <button onClick={() => setOpened(null)}>close</button>
      <KeptDialog value={opened}>{(value, isOpen) => <FakeDialog value={value} isOpen={isOpen} />}</KeptDialog>
    </>
  );
}

describe('KeptDialog', () => {
  it('renders nothing until opened, keeps the last value while the dialog fades out, and lets go once it has', () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog', { name: 'payment 7' })).toHaveAttribute('data-open', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    // Closed by the page: still there, with what it showed, until its transition ends.
    expect(screen.getByRole('dialog', { name: 'payment 7' })).toHaveAttribute('data-open', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'end the fade' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the dialog transition of the theme', () => {
  it('is the fade at the spec’s timings for every dialog, and none when the system asks for less motion', () => {
    expect(createAppTheme(DEFAULT_SETTINGS).components?.MuiDialog?.defaultProps?.transitionDuration).toEqual(FADE_DURATIONS);
    expect(FADE_DURATIONS).toEqual({ appear: 500, enter: 600, exit: 400 });
    expect(createAppTheme(DEFAULT_SETTINGS, { prefersReducedMotion: true }).components?.MuiDialog?.defaultProps?.transitionDuration).toBe(
      0,
    );
  });
});
