import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { MenuIcon } from './menu-icon';
import { isMenuItemActive, type MenuItem } from './menu-items';

export const BOTTOM_NAVIGATION_HEIGHT = 64;

/** Extra-small screens, support and collector only: Invoices, Customers, Counters (docs/product/specification.md section 2). */
export function BottomNavigationBar({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = items.find((item) => isMenuItemActive(item, pathname));
  return (
    <Paper
      component="nav"
      aria-label={t('nav.quickNavigation')}
      elevation={8}
      sx={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar, pb: 'env(safe-area-inset-bottom)' }}
    >
      <BottomNavigation showLabels value={active?.path ?? false} sx={{ height: BOTTOM_NAVIGATION_HEIGHT }}>
        {items.map((item) => (
          <BottomNavigationAction
            key={item.id}
            value={item.path}
            label={t(item.titleKey)}
            icon={<MenuIcon name={item.id} />}
            component={NavLink}
            to={item.path}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
