import { useCallback, useRef } from 'react';

/**
 * Runs an async action once at a time: a second click that lands before the first has re-rendered
 * the button as busy is ignored. (The server's Idempotency-Key already makes it pay once; this
 * keeps the screen from reporting it twice.)
 */
export function useSingleFlight() {
  const isRunningRef = useRef(false);
  return useCallback(async (action: () => Promise<unknown>) => {
    if (isRunningRef.current) return;
    isRunningRef.current = true;
    try {
      await action();
    } finally {
      isRunningRef.current = false;
    }
  }, []);
}
