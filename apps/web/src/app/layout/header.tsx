import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { landingPathFor } from '@meterline/contract/roles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../shared/lib/session';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { ServiceSelector } from './service-selector';
import { UserMenu } from './user-menu';

/** App bar: drawer toggle, home logo, service selector, language switcher, display settings, user menu. */
export function Header({
  isDrawerOpen,
  hasDrawerToggle,
  isMobile,
  onDrawerToggle,
  onCustomizeClick,
}: {
  isDrawerOpen: boolean;
  hasDrawerToggle: boolean;
  isMobile: boolean;
  onDrawerToggle: () => void;
  onCustomizeClick: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <AppBar
      position="fixed"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: '1px solid', borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 } }}>
        {hasDrawerToggle && (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={isDrawerOpen ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={isDrawerOpen}
            onClick={onDrawerToggle}
          >
            {isDrawerOpen && !isMobile ? (
              <MenuOpenOutlined sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
            ) : (
              <MenuOutlined />
            )}
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to={landingPathFor(user?.role)}
          aria-label={t('header.home')}
          underline="none"
          sx={{ display: 'flex', me: { xs: 0.5, sm: 2 } }}
        >
          <Logo isCompact={isMobile} />
        </Link>
        <ServiceSelector />
        <Box sx={{ flex: 1 }} />
        <LanguageSwitcher />
        <Tooltip title={t('header.displaySettings')}>
          <IconButton color="inherit" aria-label={t('header.displaySettings')} onClick={onCustomizeClick}>
            <TuneOutlined />
          </IconButton>
        </Tooltip>
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
