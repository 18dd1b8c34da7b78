import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_STACK } from '../../shared/lib/constants';
import { NotificationBar } from '../../shared/ui/notification-bar';

/**
 * notistack's own greens, blues and oranges under white text fail contrast (axe: 3.3 for
 * success): dark shades carry the white text, the warning orange dark text (all ≥ 4.5:1).
 */
const ToastContent = styled(MaterialDesignContent)({
  // The same in light and dark mode (the dark palette's shades are lighter and fail again).
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20', color: '#fff' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828', color: '#fff' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b', color: '#fff' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#ed6c02', color: 'rgba(0, 0, 0, 0.87)' },
});
const TOAST_COMPONENTS = { success: ToastContent, error: ToastContent, info: ToastContent, warning: ToastContent };

/**
 * Toasts (spec section 9: 1500 ms, 3 at most, bottom right) and the notification bar. They live in
 * the signed-in shell, not the root, so the sign-in page does not download notistack.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX_STACK}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={TOAST_COMPONENTS}
    >
      {children}
      <NotificationBar />
    </SnackbarProvider>
  );
}
