/**
 * Code that downloads after the first screen (docs/performance.md): a module imported once, and work put off
 * until the browser is idle.
 */

/** `load` run once and its promise kept; after a failed download the next call tries again. */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
}

/** Runs `callback` when the browser is idle (soon after, without `requestIdleCallback`); returns the cancel. */
export function whenIdle(callback: () => void): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}
