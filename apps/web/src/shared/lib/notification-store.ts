import { useSyncExternalStore } from 'react';

/** The notification bar of docs/product/specification.md section 3 (distinct from toasts): bottom-left, no auto-hide unless set. */
export interface NotificationState {
  open: boolean;
  message: string;
  anchorOrigin: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
  variant: 'default' | 'alert';
  severity: 'success' | 'info' | 'warning' | 'error';
  alertVariant: 'standard' | 'outlined' | 'filled';
  autoHideDuration: number | null;
  close: boolean;
  dense: boolean;
}

export const DEFAULT_NOTIFICATION: NotificationState = {
  open: false,
  message: 'Note archived',
  anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
  variant: 'default',
  severity: 'success',
  alertVariant: 'filled',
  autoHideDuration: null,
  close: true,
  dense: false,
};

let state = DEFAULT_NOTIFICATION;
const listeners = new Set<() => void>();

export function closeNotification(): void {
  state = { ...state, open: false };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotification(): NotificationState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
