import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Leaving a form with unsaved changes asks first (docs/product/screens.md): in-app navigation is held by
 * react-router's blocker (render `<UnsavedChangesDialog>` with it), closing or reloading the tab
 * gets the browser's own question. `allowNextNavigation()` lets a save navigate away at once.
 */
export function useUnsavedChanges(hasUnsavedChanges: boolean): { blocker: Blocker; allowNextNavigation(): void } {
  const isDirtyRef = useRef(hasUnsavedChanges);
  const isAllowedRef = useRef(false);
  useEffect(() => {
    isDirtyRef.current = hasUnsavedChanges;
    if (hasUnsavedChanges) isAllowedRef.current = false;
  }, [hasUnsavedChanges]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (isAllowedRef.current) {
      isAllowedRef.current = false;
      return false;
    }
    // Changing only the query or hash (a tab, a list filter) keeps the form on screen.
    return isDirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [hasUnsavedChanges]);

  const allowNextNavigation = useCallback(() => {
    isAllowedRef.current = true;
  }, []);

  return { blocker, allowNextNavigation };
}
