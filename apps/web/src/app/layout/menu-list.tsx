import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { MenuIcon } from './menu-icon';
import { isMenuItemActive, type MenuGroup, type MenuItem, type MenuNode } from './menu-items';

interface EntryLook {
  isMini: boolean;
  /** The desktop menu's entries, 40 px tall and 2 px apart (the phone's: 46 and 4, for a thumb). */
  isDense?: boolean;
}

function MenuEntry({ item, isMini, isDense = false, onNavigate }: EntryLook & { item: MenuItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t(item.titleKey);
  const isActive = isMenuItemActive(item, pathname);
  const button = (
    <ListItemButton
      component={NavLink}
      to={item.path}
      selected={isActive}
      onClick={onNavigate}
      aria-label={isMini ? title : undefined}
      sx={{
        borderRadius: 1,
        mx: 1,
        mb: isDense ? 0.25 : 0.5,
        minHeight: isDense ? 40 : 46,
        py: isDense ? 0.5 : 1,
        justifyContent: isMini ? 'center' : 'flex-start',
        px: isMini ? 1.5 : 2,
        // The darker (light mode) or lighter (dark mode) primary keeps 4.5:1 on the selected background.
        '&.Mui-selected': (theme) => {
          const color = theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.dark;
          return { bgcolor: 'action.selected', color, '& .MuiListItemIcon-root': { color } };
        },
      }}
    >
      <ListItemIcon sx={{ minWidth: isMini ? 0 : 40, color: 'text.secondary' }}>
        <MenuIcon name={item.id} />
      </ListItemIcon>
      {!isMini && <ListItemText primary={title} slotProps={{ primary: { noWrap: true, sx: { fontWeight: isActive ? 600 : 500 } } }} />}
    </ListItemButton>
  );
  // The mini drawer shows icons only: the tooltip names them.
  return isMini ? (
    <Tooltip title={title} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function MenuGroupEntry({ group, isMini, isDense, onNavigate }: EntryLook & { group: MenuGroup; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <List subheader={isMini ? undefined : <ListSubheader disableSticky>{t(group.titleKey)}</ListSubheader>} disablePadding>
      {group.children.map((child) => (
        <MenuEntry key={child.id} item={child} isMini={isMini} isDense={isDense} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

/** Renders menu nodes; an unknown node type shows 'Menu Items Error' (docs/product/specification.md section 2). */
export function MenuNodeView({
  node,
  isMini = false,
  isDense,
  onNavigate,
}: Partial<EntryLook> & { node: MenuNode; onNavigate?: () => void }) {
  const { t } = useTranslation();
  switch (node.type) {
    case 'item':
      return <MenuEntry item={node as MenuItem} isMini={isMini} isDense={isDense} onNavigate={onNavigate} />;
    case 'group':
      return <MenuGroupEntry group={node as MenuGroup} isMini={isMini} isDense={isDense} onNavigate={onNavigate} />;
    default:
      return (
        <Typography variant="h6" color="error" align="center" sx={{ py: 1 }}>
          {t('nav.menuItemsError')}
        </Typography>
      );
  }
}

export function MenuList({
  nodes,
  isMini = false,
  isDense,
  onNavigate,
}: Partial<EntryLook> & { nodes: MenuNode[]; onNavigate?: () => void }) {
  return (
    <List component="div" disablePadding sx={{ pt: 1 }}>
      {nodes.map((node) => (
        <MenuNodeView key={node.id} node={node} isMini={isMini} isDense={isDense} onNavigate={onNavigate} />
      ))}
    </List>
  );
}
