import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Smooth scroll to the top whenever a page mounts (docs/product/specification.md section 2). */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
}
