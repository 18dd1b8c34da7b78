import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_STACK } from '../../shared/lib/constants';
import { NotificationBar } from '../../shared/ui/notification-bar';

/**
 * notistack's own colours put white text on light green, orange and blue (contrast 2.1 to 3.3,
 * which axe fails): darker shades keep the same meaning at 4.5:1 or more.
 */
const AccessibleToast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#a84800' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1565c0' },
});

const TOAST_COMPONENTS = {
  success: AccessibleToast,
  error: AccessibleToast,
  warning: AccessibleToast,
  info: AccessibleToast,
  default: AccessibleToast,
};

/**
 * Toasts (docs/product/specification.md section 9: 1500 ms, 3 at most, bottom right) and the notification bar. They live in
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
