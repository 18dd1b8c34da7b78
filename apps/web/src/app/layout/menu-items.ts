import { canKey, type MenuKey } from '@meterline/contract/permissions';
import { roleFlags } from '@meterline/contract/roles';
import { hasCounters } from '@meterline/contract/service-names';
import type { Translations } from '../../i18n/en';
import { paths } from '../../shared/lib/paths';

export type MenuIconName =
  | 'clients'
  | 'dashboard'
  | 'users'
  | 'customers'
  | 'bundles'
  | 'tariffs'
  | 'stations'
  | 'invoices'
  | 'overdue'
  | 'counters'
  | 'round'
  | 'rounds'
  | 'payments'
  | 'transactions'
  | 'cash'
  | 'jobs'
  | 'services'
  | 'settings';

export interface MenuItem {
  type: 'item';
  id: MenuIconName;
  titleKey: `nav.${keyof Translations['nav']}`;
  path: string;
  permission: MenuKey;
}

export interface MenuGroup {
  type: 'group';
  id: string;
  titleKey: `nav.${keyof Translations['nav']}`;
  children: MenuItem[];
}

/** Anything else is a configuration mistake and renders 'Menu Items Error'. */
export type MenuNode = MenuItem | MenuGroup | { type: string; id: string };

const item = (id: MenuIconName, path: string, permission: MenuKey): MenuItem => ({
  type: 'item',
  id,
  titleKey: `nav.${id}`,
  path,
  permission,
});

/** Side menu order of docs/product/specification.md section 2; Counters sits between Invoices and Payments; Services before Settings. */
export const MENU_ITEMS: readonly MenuItem[] = [
  item('clients', paths.tenants, 'view_tenants'),
  item('dashboard', paths.dashboard, 'view_dashboard'),
  item('users', paths.users, 'list_user'),
  item('customers', paths.customers, 'list_customer'),
  item('bundles', paths.bundles, 'list_bundle'),
  item('tariffs', paths.tariffs, 'list_tariff'),
  item('stations', paths.stations, 'list_station'),
  item('invoices', paths.invoices, 'list_invoice'),
  item('overdue', paths.overdue, 'list_invoice'),
  item('counters', paths.counters, 'list_counter'),
  item('payments', paths.payments, 'list_payment'),
  item('transactions', paths.transactions, 'list_transaction'),
  item('cash', paths.cash, 'list_cash'),
  item('round', paths.round, 'list_route'),
  item('rounds', paths.rounds, 'list_route_assignment'),
  // The tenant's background jobs (billing runs, bulk statements), for whoever may start one.
  item('jobs', paths.jobs, 'list_job'),
  item('services', paths.services, 'list_service'),
  item('settings', paths.settings, 'list_settings'),
];

const BOTTOM_NAVIGATION_IDS: readonly MenuIconName[] = ['round', 'invoices', 'customers', 'counters'];

/** What the menu needs of the selected service: Counters exists for metered services only, whatever their name. */
type MenuService = { is_metered: boolean } | null | undefined;

function isVisible(menuItem: MenuItem, role: string | null | undefined, service: MenuService): boolean {
  if (menuItem.id === 'counters' && !hasCounters(service)) return false;
  // The round is the collector's own; the office opens a collector's round from Rounds.
  if (menuItem.id === 'round' && !roleFlags(role).isCollector) return false;
  return canKey(role, menuItem.permission);
}

/** The entries a role sees, in order, for the selected service. */
export function visibleMenuItems(role: string | null | undefined, service: MenuService): MenuItem[] {
  return MENU_ITEMS.filter((menuItem) => isVisible(menuItem, role, service));
}

/** Bottom bar on extra-small screens: support and collector only, same permissions and metered rule. */
export function bottomNavigationItems(role: string | null | undefined, service: MenuService): MenuItem[] {
  const { isSupport, isCollector } = roleFlags(role);
  if (!isSupport && !isCollector) return [];
  return BOTTOM_NAVIGATION_IDS.map((id) => MENU_ITEMS.find((menuItem) => menuItem.id === id)!).filter((menuItem) =>
    isVisible(menuItem, role, service),
  );
}

/** Horizontal menu: the first entries inline, the rest in a 'more items' group. */
export function groupForHorizontalMenu(items: MenuItem[], maxInline: number): MenuNode[] {
  if (items.length <= maxInline) return items;
  const inline = items.slice(0, maxInline - 1);
  const more: MenuGroup = { type: 'group', id: 'more-items', titleKey: 'nav.moreItems', children: items.slice(maxInline - 1) };
  return [...inline, more];
}

/** The path that matches the current location, so nested pages (/invoices/12) light their entry. */
export function isMenuItemActive(menuItem: MenuItem, pathname: string): boolean {
  return pathname === menuItem.path || pathname.startsWith(`${menuItem.path}/`);
}
