import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItemButton from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { MenuIcon } from './menu-icon';
import { isMenuItemActive, type MenuGroup, type MenuItem, type MenuNode } from './menu-items';

function HorizontalEntry({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isActive = isMenuItemActive(item, pathname);
  return (
    <Button
      component={NavLink}
      to={item.path}
      color={isActive ? 'primary' : 'inherit'}
      startIcon={<MenuIcon name={item.id} />}
      aria-current={isActive ? 'page' : undefined}
      sx={(theme) => ({
        px: 1.5,
        whiteSpace: 'nowrap',
        ...(isActive && {
          bgcolor: 'action.selected',
          color: theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.dark,
        }),
      })}
    >
      {t(item.titleKey)}
    </Button>
  );
}

function MoreItems({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const handleClose = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t(group.titleKey)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={handleClose}>
        {group.children.map((child) => (
          <MenuItemButton key={child.id} component={NavLink} to={child.path} onClick={handleClose}>
            <ListItemIcon>
              <MenuIcon name={child.id} fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(child.titleKey)}</ListItemText>
          </MenuItemButton>
        ))}
      </Menu>
    </>
  );
}

/** The horizontal menu bar (desktop only); overflow entries sit in 'more items'. */
export function HorizontalMenu({ nodes }: { nodes: MenuNode[] }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="nav"
      aria-label={t('nav.mainMenu')}
      square
      elevation={0}
      sx={{ display: 'flex', gap: 0.5, px: 2, py: 1, borderBottom: '1px solid', borderColor: 'divider', overflowX: 'auto' }}
    >
      {nodes.map((node) => {
        if (node.type === 'item') return <HorizontalEntry key={node.id} item={node as MenuItem} />;
        if (node.type === 'group') return <MoreItems key={node.id} group={node as MenuGroup} />;
        return (
          <Box key={node.id} sx={{ alignSelf: 'center' }}>
            <Typography color="error">{t('nav.menuItemsError')}</Typography>
          </Box>
        );
      })}
    </Paper>
  );
}
