import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import type { OverdueCustomer } from '@meterline/contract/overdue';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { useCan } from '../../../shared/lib/can';
import { paths } from '../../../shared/lib/paths';
import { RowActionsMenu, type RowAction } from '../../../shared/ui/row-actions-menu';

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
  const actions: RowAction[] = [];
  if (canPay)
    actions.push({
      key: 'pay',
      icon: <PaymentsOutlined fontSize="small" />,
      label: t('overdue.actions.pay'),
      onSelect: () => onPay(row.customer),
    });
  if (canRemind)
    actions.push({
      key: 'remind',
      icon: <NotificationsActiveOutlined fontSize="small" />,
      label: t('overdue.actions.remind'),
      onSelect: () => onRemind(row.customer),
    });
  if (canOpenCustomer)
    actions.push({
      key: 'customer',
      icon: <PersonOutlined fontSize="small" />,
      label: t('overdue.actions.openCustomer'),
      onSelect: () => void navigate(generatePath(paths.customerEdit, { customerId: String(row.customer) })),
    });
  return <RowActionsMenu label={t('overdue.actions.rowActions', { name: row.customer_name })} actions={actions} />;
}
