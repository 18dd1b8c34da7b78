import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import type { ToastOptions } from '../../shared/hooks/use-toast';
import { TOAST_AUTO_HIDE_MS, TOAST_MAX_STACK } from '../../shared/lib/constants';

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

export type ShowToast = (message: string, options: ToastOptions) => void;

function Ready({ onReady }: { onReady(show: ShowToast): void }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    onReady((message, options) => {
      let callback = options.onClosed;
      enqueueSnackbar(message, {
        variant: options.variant ?? 'default',
        onExited: () => {
          callback?.();
          callback = undefined;
        },
      });
    });
  }, [enqueueSnackbar, onReady]);
  return null;
}

/**
 * notistack itself (docs/product/specification.md section 9: 1500 ms, 3 at most, bottom right), a
 * chunk of its own that `ToastProvider` loads; the toasts are drawn in a portal on the page's body.
 */
export default function ToastHost({ onReady }: { onReady(show: ShowToast): void }) {
  return (
    <SnackbarProvider
      maxSnack={TOAST_MAX_STACK}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={TOAST_COMPONENTS}
    >
      <Ready onReady={onReady} />
    </SnackbarProvider>
  );
}
