import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastOptions, type Toasts } from '../../shared/hooks/use-toast';
import { whenIdle } from '../../shared/lib/on-demand';
import type { ShowToast } from './toast-host';

/** notistack (~8 KB gzip) is not part of any screen: it downloads once the screen shows, or with the first toast. */
const ToastHost = lazy(() => import('./toast-host'));

/**
 * Toasts for the signed-in shell (`useToast`): they live there, not at the root, so the sign-in page
 * does not download notistack. A toast asked for before notistack has arrived waits for it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [isHostWanted, setHostWanted] = useState(false);
  const show = useRef<ShowToast | null>(null);
  const waiting = useRef<{ message: string; options: ToastOptions }[]>([]);

  useEffect(() => {
    // After the screen's first render, when the browser is idle: the first toast then shows at once.
    return whenIdle(() => setHostWanted(true));
  }, []);

  const onReady = useCallback((ready: ShowToast) => {
    show.current = ready;
    for (const toast of waiting.current.splice(0)) ready(toast.message, toast.options);
  }, []);

  const toasts = useMemo<Toasts>(
    () => ({
      showToast(message, options = {}) {
        if (show.current) return show.current(message, options);
        waiting.current.push({ message, options });
        setHostWanted(true);
      },
    }),
    [],
  );

  return (
    <ToastContext.Provider value={toasts}>
      {children}
      {isHostWanted && (
        <Suspense fallback={null}>
          <ToastHost onReady={onReady} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
