import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_LABEL, DRAWER_WIDTH, MINI_DRAWER_WIDTH } from '../../shared/lib/constants';
import { MenuList } from './menu-list';
import type { MenuNode } from './menu-items';
import { CodeText } from '../../shared/ui/code-text';

function SideMenuContent({ nodes, isMini, onNavigate }: { nodes: MenuNode[]; isMini: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.mainMenu')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
    >
      <Toolbar />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <MenuList nodes={nodes} isMini={isMini} onNavigate={onNavigate} />
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
  return (
    <Drawer
      variant="permanent"
      open
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          borderInlineEnd: '1px solid',
          borderColor: 'divider',
          transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      }}
    >
      <SideMenuContent nodes={nodes} isMini={!isOpen} />
    </Drawer>
  );
}
