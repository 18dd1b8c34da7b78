import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_LABEL, DRAWER_WIDTH, MINI_DRAWER_WIDTH } from '../../shared/lib/constants';
import { MenuList } from './menu-list';
import type { MenuNode } from './menu-items';
import { CodeText } from '../../shared/ui/code-text';

function SideMenuContent({
  nodes,
  isMini,
  isDense = false,
  onNavigate,
}: {
  nodes: MenuNode[];
  isMini: boolean;
  isDense?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.mainMenu')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
    >
      <Toolbar />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <MenuList nodes={nodes} isMini={isMini} isDense={isDense} onNavigate={onNavigate} />
      </Box>
      <Box sx={{ p: isMini ? 0.5 : 2, display: 'flex', justifyContent: 'center' }}>
        {/* Disabled as the spec says, but without the faded look: the label must stay readable (contrast). */}
        <Chip
          label={<CodeText value={APP_VERSION_LABEL} />}
          size="small"
          disabled
          variant="outlined"
          aria-label={`${t('nav.versionLabel')} ${APP_VERSION_LABEL}`}
          sx={{ '&.Mui-disabled': { opacity: 1, color: 'text.secondary' }, '& .MuiChip-label': { px: isMini ? 0.75 : 1 } }}
        />
      </Box>
    </Box>
  );
}

/**
 * Desktop: a permanent drawer, 260 px open or 72 px mini. Below `md`: a temporary drawer,
 * closed by default and closed again after a tap on an entry.
 *
 * The desktop panel (its background and edge) runs the page's whole height, and the menu in it
 * stays in view while the page scrolls (sticky, one window tall): a fixed panel one window tall
 * ended under its last entry on a page longer than the window (a full-page screenshot, a print).
 * Its entries are denser than the phone's (40 px, 2 px apart), so the admin's sixteen and the
 * version fit a 900 px window without scrolling the menu (Settings was hidden under Services).
 */
export function SideMenu({
  nodes,
  isOpen,
  isMobile,
  onClose,
}: {
  nodes: MenuNode[];
  isOpen: boolean;
  isMobile: boolean;
  onClose: () => void;
}) {
  if (isMobile) {
    // Not kept mounted while closed: rendering the hidden menu, and its slide measuring the page,
    // held a phone's first screen back (docs/performance.md); it renders when opened.
    return (
      <Drawer variant="temporary" open={isOpen} onClose={onClose} slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}>
        <SideMenuContent nodes={nodes} isMini={false} onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = isOpen ? DRAWER_WIDTH : MINI_DRAWER_WIDTH;
  const widthTransition = (theme: Theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter });
  return (
    <Drawer
      variant="permanent"
      open
      sx={{
        width,
        flexShrink: 0,
        alignSelf: 'stretch',
        position: 'relative',
        bgcolor: 'background.paper',
        transition: widthTransition,
        // The edge is drawn over the panel's last pixel, not beside it: the menu keeps the whole 72 or 260 px.
        '&::after': { content: '""', position: 'absolute', insetBlock: 0, insetInlineEnd: 0, width: '1px', bgcolor: 'divider' },
        '& .MuiDrawer-paper': {
          width: '100%',
          position: 'sticky',
          top: 0,
          height: '100vh',
          border: 0,
          bgcolor: 'transparent',
        },
      }}
    >
      <SideMenuContent nodes={nodes} isMini={!isOpen} isDense />
    </Drawer>
  );
}
