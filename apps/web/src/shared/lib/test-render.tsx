import { render } from '@testing-library/react';
import type { TenantSummary } from '@meterline/contract/users';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createAppQueryClient } from '../../app/providers';
import { userWithRole } from '../../app/test-users';
import { initI18n, type Language } from '../../i18n/index';
import { updateSettings } from './settings-store';

export const jsonResponse = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type FetchHandler = (url: string, init: RequestInit & { method: string }) => Response | Promise<Response> | undefined;

/** Stubs fetch with a handler; unhandled calls answer 404. Returns the mock for call assertions. */
export function stubFetch(handler: FetchHandler) {
  const mock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const answer = await handler(url, { ...init, method: (init.method ?? 'GET').toUpperCase() });
    return answer ?? jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/**
 * Renders `element` at `path` (matching `routePath`) inside the app's providers, toasts and a
 * memory router, signed in as `role`. Extra routes let a test see where a page navigates.
 */
export function renderWithProviders(
  element: ReactNode,
  {
    path = '/',
    routePath = '*',
    role = 'admin',
    language = 'en',
    routes = [],
    tenant,
  }: { path?: string; routePath?: string; role?: string; language?: Language; routes?: RouteObject[]; tenant?: Partial<TenantSummary> } = {},
) {
  const user = userWithRole(role);
  if (tenant && user.tenant) user.tenant = { ...user.tenant, ...tenant };
  updateSettings({ language });
  initI18n(language);
  const router = createMemoryRouter([{ path: routePath, element }, ...routes], { initialEntries: [path] });
  const queryClient = createAppQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} initialSession={{ isLoggedIn: true, isInitialized: true, user }}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
