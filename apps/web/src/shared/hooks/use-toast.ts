import type { VariantType } from 'notistack';
import { createContext, useContext } from 'react';

export interface ToastOptions {
  variant?: VariantType;
  /** Runs once after the toast has gone, then is dropped. */
  onClosed?: () => void;
}

export interface Toasts {
  showToast(message: string, options?: ToastOptions): void;
}

/** Given by the signed-in layout's `ToastProvider` (app/layout/toast-provider.tsx). */
export const ToastContext = createContext<Toasts | null>(null);

/** Toasts (notistack: 1500 ms, 3 at most); `onClosed` runs once after the toast has gone, then is dropped. */
export function useToast(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast needs a ToastProvider (app/layout/toast-provider.tsx)');
  return toasts;
}
