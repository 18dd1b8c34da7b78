import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../i18n/index';
import { MenuNodeView } from './menu-list';
import { bottomNavigationItems, groupForHorizontalMenu, visibleMenuItems } from './menu-items';

const electricity = { name: 'Electricity', is_metered: true };
const water = { name: 'Water', is_metered: true };
const internet = { name: 'Internet', is_metered: false };
const evCharging = { name: 'EV charging', is_metered: true };
const flatElectricity = { name: 'Electricity', is_metered: false };
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('side menu entries', () => {
  it('follows the spec order and each role’s permissions', () => {
    expect(ids(visibleMenuItems('superadmin', null))).toEqual(['clients']);
    expect(ids(visibleMenuItems('admin', electricity))).toEqual([
      'dashboard',
      'users',
      'customers',
      'bundles',
      'tariffs',
      'stations',
      'invoices',
      'overdue',
      'counters',
      'payments',
      'transactions',
      'cash',
      'rounds',
      'jobs',
      'services',
      'settings',
    ]);
    expect(ids(visibleMenuItems('accountant', electricity))).toEqual([
      'dashboard',
      'users',
      'customers',
      'bundles',
      'tariffs',
      'stations',
      'invoices',
      'overdue',
      'counters',
      'payments',
      'transactions',
      'cash',
      'rounds',
      'jobs',
      'services',
    ]);
    expect(ids(visibleMenuItems('support', electricity))).toEqual(['customers', 'invoices', 'overdue']);
    expect(ids(visibleMenuItems('collector', electricity))).toEqual(['customers', 'invoices', 'overdue', 'counters', 'cash', 'round']);
    expect(ids(visibleMenuItems(' Collector ', electricity))).toEqual(['customers', 'invoices', 'overdue', 'counters', 'cash', 'round']);
    expect(visibleMenuItems('nobody', electricity)).toEqual([]);
  });

  it('shows Counters after Invoices for every metered service, whatever its name (issue 17), never for a flat one', () => {
    expect(ids(visibleMenuItems('collector', water))).toEqual(['customers', 'invoices', 'overdue', 'counters', 'cash', 'round']);
    expect(ids(visibleMenuItems('collector', evCharging))).toContain('counters');
    expect(ids(visibleMenuItems('collector', internet))).toEqual(['customers', 'invoices', 'overdue', 'cash', 'round']);
    expect(ids(visibleMenuItems('collector', flatElectricity))).not.toContain('counters');
    expect(ids(visibleMenuItems('collector', null))).toEqual(['customers', 'invoices', 'overdue', 'cash', 'round']);
    const adminIds = ids(visibleMenuItems('admin', water));
    expect(adminIds.indexOf('counters')).toBe(adminIds.indexOf('overdue') + 1);
    expect(adminIds.indexOf('payments')).toBe(adminIds.indexOf('counters') + 1);
    expect(ids(visibleMenuItems('admin', internet))).not.toContain('counters');
  });
});

describe('bottom navigation', () => {
  it('exists only for support and collector', () => {
    expect(bottomNavigationItems('admin', electricity)).toEqual([]);
    expect(bottomNavigationItems('accountant', electricity)).toEqual([]);
    expect(bottomNavigationItems('superadmin', electricity)).toEqual([]);
    expect(ids(bottomNavigationItems('collector', electricity))).toEqual(['round', 'invoices', 'customers', 'counters']);
    expect(bottomNavigationItems('collector', electricity).map((item) => item.path)).toEqual([
      '/round',
      '/invoices',
      '/customers',
      '/counters',
    ]);
  });

  it('applies the same permissions and metered rule', () => {
    expect(ids(bottomNavigationItems('support', electricity))).toEqual(['invoices', 'customers']);
    expect(ids(bottomNavigationItems('collector', water))).toEqual(['round', 'invoices', 'customers', 'counters']);
    expect(ids(bottomNavigationItems('collector', internet))).toEqual(['round', 'invoices', 'customers']);
  });
});

describe('horizontal menu', () => {
  it('puts overflow entries into a "more items" group', () => {
    const nodes = groupForHorizontalMenu(visibleMenuItems('admin', electricity), 7);
    expect(nodes).toHaveLength(7);
    const more = nodes[6] as { type: string; children: { id: string }[] };
    expect(more.type).toBe('group');
    expect(ids(more.children)).toEqual([
      'invoices',
      'overdue',
      'counters',
      'payments',
      'transactions',
      'cash',
      'rounds',
      'jobs',
      'services',
      'settings',
    ]);
    expect(groupForHorizontalMenu(visibleMenuItems('support', electricity), 7)).toHaveLength(3);
  });

  it('renders "Menu Items Error" for an unknown item type', () => {
    initI18n('en');
    render(
      <I18nextProvider i18n={i18next}>
        <MemoryRouter>
          <MenuNodeView node={{ type: 'collapse', id: 'x' }} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText('Menu Items Error')).toBeInTheDocument();
  });
});
