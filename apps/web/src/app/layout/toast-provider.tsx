import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_STACK } from '../../shared/lib/constants';
import { NotificationBar } from '../../shared/ui/notification-bar';

/**
 * Toasts (spec section 9: 1500 ms, 3 at most, bottom right) and the notification bar. They live in
 * the signed-in shell, not the root, so the sign-in page does not download notistack.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={TOAST_MAX_STACK} autoHideDuration={TOAST_AUTO_HIDE_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
      {children}
      <NotificationBar />
    </SnackbarProvider>
  );
}
