import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TenantSummary } from '@meterline/contract/users';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../../app/layout/toast-provider';
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
  }: {
    path?: string;
    routePath?: string;
    role?: string;
    language?: Language;
    routes?: RouteObject[];
    tenant?: Partial<TenantSummary>;
  } = {},
) {
  const user = userWithRole(role);
  if (tenant && user.tenant) user.tenant = { ...user.tenant, ...tenant };
  updateSettings({ language });
  initI18n(language);
  const router = createMemoryRouter([{ path: routePath, element }, ...routes], { initialEntries: [path] });
  const queryClient = createAppQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} initialSession={{ isLoggedIn: true, isInitialized: true, user }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** The sections of a date picker's field, by their names in either language. */
const DATE_SECTIONS: Record<string, 'year' | 'month' | 'day'> = {
  Year: 'year',
  Month: 'month',
  Day: 'day',
  السنة: 'year',
  الشهر: 'month',
  اليوم: 'day',
};

/**
 * Types a `YYYY-MM-DD` day into a date picker's field (MUI X: a group named by its label, one
 * spinbutton per section, in the reading order of the language), section by section, as a user
 * typing digits would.
 */
export async function typeDate(field: HTMLElement, isoDay: string) {
  const [year = '', month = '', day = ''] = isoDay.split('-');
  const parts = { year, month, day };
  for (const section of within(field).getAllByRole('spinbutton')) {
    const part = DATE_SECTIONS[section.getAttribute('aria-label') ?? ''];
    if (!part) throw new Error(`Unknown date section ${section.getAttribute('aria-label')}`);
    await userEvent.click(section);
    await userEvent.keyboard(parts[part]);
  }
}
