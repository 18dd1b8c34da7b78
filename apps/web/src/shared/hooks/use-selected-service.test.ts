import { describe, expect, it } from 'vitest';
import { pathAfterServiceSwitch } from './use-selected-service';

const metered = { is_metered: true };
const flat = { is_metered: false };
const at = (url: string) => {
  const [pathname = '', search = ''] = url.split('?');
  return { pathname, search: search ? `?${search}` : '' };
};

describe('where switching the service leads', () => {
  it.each([
    ['/customers?status=active&page=2', metered, '/customers?status=active&page=2'],
    ['/invoices?status=overdue', flat, '/invoices?status=overdue'],
    ['/dashboard', flat, '/dashboard'],
    ['/counters?search=A', metered, '/counters?search=A'],
    ['/counters?search=A', flat, '/dashboard'],
    ['/customers/12', metered, '/customers'],
    ['/customers/create', flat, '/customers'],
    ['/invoices/40', metered, '/invoices'],
    ['/round/7', metered, '/round'],
    ['/collect/3', metered, '/dashboard'],
    ['/settings', flat, '/settings'],
    ['/services/2', flat, '/services/2'],
    ['/users/profile', flat, '/users/profile'],
    ['/', metered, '/dashboard'],
  ])('from %s to a %o service: %s', (from, service, expected) => {
    expect(pathAfterServiceSwitch(at(from), service, '/dashboard')).toBe(expected);
  });
});
