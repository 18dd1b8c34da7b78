import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { normalizeRole } from '@meterline/contract/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { fullNameOf } from '../../shared/lib/avatar';
import { ACCOUNT_MENU_WIDTH } from '../../shared/lib/constants';
import { useSession } from '../../shared/lib/session';
import { countFieldWrites } from '../../shared/offline/offline-writes';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { UserAvatar } from '../../shared/ui/user-avatar';
import { paths } from '../../shared/lib/paths';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, signOut } = useSession();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Readings and payments still on this phone: signing out deletes them, so it asks first.
  const [waitingOnSignOut, setWaitingOnSignOut] = useState(0);
  if (!user) return null;
  const fullName = fullNameOf(user.first_name, user.last_name) || user.username;
  const role = normalizeRole(user.role);
  const handleClose = () => setAnchor(null);
  const signOutNow = async () => {
    setWaitingOnSignOut(0);
    await signOut();
    void navigate(paths.login, { replace: true });
  };
  const handleLogoutClick = async () => {
    handleClose();
    const waiting = countFieldWrites(queryClient);
    if (waiting > 0) setWaitingOnSignOut(waiting);
    else await signOutNow();
  };
  return (
    <>
      <IconButton
        aria-label={t('userMenu.open')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar firstName={user.first_name} lastName={user.last_name} avatar={user.avatar} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: '100%', minWidth: ACCOUNT_MENU_WIDTH.min, maxWidth: ACCOUNT_MENU_WIDTH.max } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography variant="body1">
            {t('userMenu.welcomeBack')}{' '}
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {fullName}
            </Typography>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`roles.${role ?? 'unknown'}`)}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.profile} onClick={handleClose} sx={{ mt: 1 }}>
          <ListItemIcon>
            <PersonOutlineOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.profile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void handleLogoutClick()}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        isOpen={waitingOnSignOut > 0}
        title={t('offline.signOut.title')}
        description={t('offline.signOut.text', { count: waitingOnSignOut })}
        confirmLabel={t('offline.signOut.confirm')}
        confirmColor="error"
        isConfirmAutoFocused={false}
        onConfirm={() => void signOutNow()}
        onClose={() => setWaitingOnSignOut(0)}
      />
    </>
  );
}
