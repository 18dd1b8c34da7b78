import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSelectedService, useServiceInAddress } from '../../shared/hooks/use-selected-service';
import { useScrollToTop } from '../../shared/hooks/use-scroll-to-top';
import { useSession } from '../../shared/lib/session';
import { useSettings } from '../../shared/lib/settings-store';
import { FullPageLoader } from '../../shared/ui/full-page-loader';
import { BOTTOM_NAVIGATION_HEIGHT, BottomNavigationBar } from './bottom-navigation-bar';
import { FieldWritesBanner } from '../../shared/offline/field-writes-banner';
import { Header } from './header';
import { HorizontalMenu } from './horizontal-menu';
import { bottomNavigationItems, groupForHorizontalMenu, visibleMenuItems } from './menu-items';
import { SideMenu } from './side-menu';
import { ToastProvider } from './toast-provider';
import { NotificationBar } from '../../shared/ui/notification-bar';

const HORIZONTAL_MENU_INLINE_ITEMS = 7;
/** Downloaded when first opened: most sessions never open the display settings. */
const CustomizationDrawer = lazy(() => import('./customization-drawer').then((module) => ({ default: module.CustomizationDrawer })));

/** The signed-in shell: app bar, side or horizontal menu, main area, bottom bar on phones. */
export function AppLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const settings = useSettings();
  const { user } = useSession();
  const { menuService, service, services } = useSelectedService();
  useServiceInAddress(service, services);
  const isMobile = useMediaQuery(theme.breakpoints.down('md'));
  const isExtraSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const isHorizontal = settings.menuOrientation === 'horizontal' && !isMobile;
  useScrollToTop();

  // Desktop follows the mini-drawer setting; below md the drawer starts (and stays) closed until tapped open.
  const [desktopDrawer, setDesktopDrawer] = useState({ miniDrawer: settings.miniDrawer, isOpen: !settings.miniDrawer });
  const [isMobileDrawerOpen, setMobileDrawerOpen] = useState(false);
  const [isCustomizationOpen, setCustomizationOpen] = useState(false);
  const [hasOpenedCustomization, setOpenedCustomization] = useState(false);
  if (desktopDrawer.miniDrawer !== settings.miniDrawer) {
    setDesktopDrawer({ miniDrawer: settings.miniDrawer, isOpen: !settings.miniDrawer });
  }
  const isDrawerOpen = isMobile ? isMobileDrawerOpen : desktopDrawer.isOpen;

  const menuItems = useMemo(() => visibleMenuItems(user?.role, menuService), [user?.role, menuService]);
  const bottomItems = useMemo(
    () => (isExtraSmall ? bottomNavigationItems(user?.role, menuService) : []),
    [isExtraSmall, user?.role, menuService],
  );

  const handleDrawerToggle = () => {
    if (isMobile) setMobileDrawerOpen((isOpen) => !isOpen);
    else setDesktopDrawer((state) => ({ ...state, isOpen: !state.isOpen }));
  };

  return (
    <ToastProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <a href="#main-content" className="skip-link">
          {t('app.skipToContent')}
        </a>
        <Header
          isDrawerOpen={isDrawerOpen}
          hasDrawerToggle={!isHorizontal}
          isMobile={isMobile}
          onDrawerToggle={handleDrawerToggle}
          onCustomizeClick={() => {
            setOpenedCustomization(true);
            setCustomizationOpen(true);
          }}
        />
        {!isHorizontal && (
          <SideMenu nodes={menuItems} isOpen={isDrawerOpen} isMobile={isMobile} onClose={() => setMobileDrawerOpen(false)} />
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          {isHorizontal && <HorizontalMenu nodes={groupForHorizontalMenu(menuItems, HORIZONTAL_MENU_INLINE_ITEMS)} />}
          <Box
            component="main"
            id="main-content"
            tabIndex={-1}
            sx={{
              flex: 1,
              p: { xs: 2, sm: 3 },
              pb: bottomItems.length > 0 ? `${BOTTOM_NAVIGATION_HEIGHT + 24}px` : undefined,
              outline: 'none',
            }}
          >
            <Container maxWidth={settings.container ? 'lg' : false} disableGutters>
              <FieldWritesBanner />
              <Suspense fallback={<FullPageLoader label={t('app.loading')} />}>
                <Outlet />
              </Suspense>
            </Container>
          </Box>
        </Box>
        {bottomItems.length > 0 && <BottomNavigationBar items={bottomItems} />}
        {hasOpenedCustomization && (
          <Suspense fallback={null}>
            <CustomizationDrawer isOpen={isCustomizationOpen} onClose={() => setCustomizationOpen(false)} />
          </Suspense>
        )}
      </Box>
      <NotificationBar />
    </ToastProvider>
  );
}
