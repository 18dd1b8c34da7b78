import { createContext, Suspense, useCallback, useState, type ReactNode } from 'react';

/**
 * Called by a dialog (`ConfirmDialog`) once its closing transition has ended: `KeptDialog` lets the
 * dialog go then. A module of its own (React only), so a page can keep a lazy dialog without
 * downloading it with the page.
 */
export const DialogExitedContext = createContext<(() => void) | undefined>(undefined);

/**
 * A dialog a page renders only once it is wanted (a lazy money dialog, with the value it opened on:
 * a payment's mode, the payment to reverse, the customer to pay), kept mounted with that value until
 * its closing transition has ended. It fades out as it faded in (the theme's one dialog transition,
 * docs/web.md, "Dialogs"), instead of vanishing the moment the page lets go of it.
 *
 * `value` is the page's state (a string, an id, `true`, an object held in state): null, undefined or
 * false is closed. `children` gets the value to show (the last one while closing) and whether it is
 * open; it renders in a Suspense boundary of its own (nothing shows while a lazy dialog downloads).
 */
export function KeptDialog<T>({
  value,
  children,
}: {
  value: T | null | undefined | false;
  children(value: T, isOpen: boolean): ReactNode;
}) {
  const isOpen = value !== null && value !== undefined && value !== false;
  const [kept, setKept] = useState<{ value: T } | null>(isOpen ? { value } : null);
  if (isOpen && (kept === null || !Object.is(kept.value, value))) setKept({ value });
  const handleExited = useCallback(() => setKept(null), []);
  if (!isOpen && kept === null) return null;
  return (
    <DialogExitedContext.Provider value={handleExited}>
      <Suspense fallback={null}>{isOpen ? children(value, true) : children(kept!.value, false)}</Suspense>
    </DialogExitedContext.Provider>
  );
}
