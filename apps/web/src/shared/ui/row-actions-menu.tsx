import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';

/** One entry of a row's menu: shown only when the caller includes it (the role allows it). */
export interface RowAction {
  key: string;
  icon: ReactNode;
  label: string;
  onSelect(): void;
}

/**
 * A list row's "⋯" menu (grid row or phone card): the button named `label`, then `actions`, each
 * closing the menu before it acts. Nothing of it reaches the row, whose own click opens the record:
 * neither the menu's clicks nor those of `children` (the dialogs an action opens). No actions, no menu.
 */
export function RowActionsMenu({ label, actions, children }: { label: string; actions: RowAction[]; children?: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is mounted from its first opening on (a list draws one per row: none of them costs
  // anything until it is used), then stays so that it fades out when it closes.
  const [hasOpened, setOpened] = useState(false);
  const menuId = useId();
  if (actions.length === 0) return null;
  const stop = (event: MouseEvent) => event.stopPropagation();
  const close = () => setAnchor(null);

  return (
    <span onClick={stop} onKeyDown={(event) => event.stopPropagation()} role="presentation">
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertOutlined fontSize="small" />
      </IconButton>
      {hasOpened && (
        <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          {actions.map((action) => (
            <MenuItem
              key={action.key}
              onClick={() => {
                close();
                action.onSelect();
              }}
            >
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
      {children}
    </span>
  );
}
