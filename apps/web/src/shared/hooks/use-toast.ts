import { useSnackbar, type VariantType } from 'notistack';
import { useCallback } from 'react';

/** Toasts (notistack: 1500 ms, 3 at most); `onClosed` runs once after the toast has gone, then is dropped. */
export function useToast() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const showToast = useCallback(
    (message: string, options: { variant?: VariantType; onClosed?: () => void } = {}) => {
      let callback = options.onClosed;
      return enqueueSnackbar(message, {
        variant: options.variant ?? 'default',
        onExited: () => {
          callback?.();
          callback = undefined;
        },
      });
    },
    [enqueueSnackbar],
  );
  return { showToast, closeToast: closeSnackbar };
}
