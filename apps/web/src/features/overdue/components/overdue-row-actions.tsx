import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { OverdueCustomer } from '@meterline/contract/overdue';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { useCan } from '../../../shared/lib/can';
import { paths } from '../../../shared/lib/paths';

/**
 * An overdue row's "⋯" menu (grid row or phone card), like the invoice rows': pay the account,
 * send a reminder, open the customer, each where the role allows. The page holds the dialogs (one
 * of each for the whole list); the menu's clicks stay inside it, the row's own click opens the customer.
 */
export function OverdueRowActions({
  row,
  onPay,
  onRemind,
}: {
  row: OverdueCustomer;
  onPay(customer: number): void;
  onRemind(customer: number): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canPay = useCan('create', 'account_payment');
  const canRemind = useCan('create', 'reminder');
  const canOpenCustomer = useCan('list', 'customer');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!canPay && !canRemind && !canOpenCustomer) return null;

  const stop = (event: MouseEvent) => event.stopPropagation();
  const close = () => setAnchor(null);

  return (
    <span onClick={stop} onKeyDown={(event) => event.stopPropagation()} role="presentation">
      <IconButton
        size="small"
        aria-label={t('overdue.actions.rowActions', { name: row.customer_name })}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertOutlined fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {canPay && (
          <MenuItem
            onClick={() => {
              close();
              onPay(row.customer);
            }}
          >
            <ListItemIcon>
              <PaymentsOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('overdue.actions.pay')}</ListItemText>
          </MenuItem>
        )}
        {canRemind && (
          <MenuItem
            onClick={() => {
              close();
              onRemind(row.customer);
            }}
          >
            <ListItemIcon>
              <NotificationsActiveOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('overdue.actions.remind')}</ListItemText>
          </MenuItem>
        )}
        {canOpenCustomer && (
          <MenuItem
            onClick={() => {
              close();
              void navigate(generatePath(paths.customerEdit, { customerId: String(row.customer) }));
            }}
          >
            <ListItemIcon>
              <PersonOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('overdue.actions.openCustomer')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </span>
  );
}
