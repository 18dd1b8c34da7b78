import Chip from '@mui/material/Chip';
import { alpha, darken, lighten, useTheme } from '@mui/material/styles';
import type { Invoice } from '@meterline/contract/invoices';
import { useTranslation } from 'react-i18next';

export type InvoiceDisplayStatus = Invoice['status'] | 'overdue';

/** Overdue is shown instead of unpaid or partially paid once the due date has passed with a balance. */
export function displayStatusOf(invoice: Pick<Invoice, 'status' | 'is_overdue'>): InvoiceDisplayStatus {
  return invoice.is_overdue && invoice.status !== 'paid' && invoice.status !== 'cancelled' ? 'overdue' : invoice.status;
}

const COLORS: Record<InvoiceDisplayStatus, 'success' | 'info' | 'warning' | 'error' | null> = {
  paid: 'success',
  partially_paid: 'info',
  unpaid: 'warning',
  overdue: 'error',
  cancelled: null,
};

/**
 * The invoice's status as a chip: a soft background with darkened (light mode) or lightened (dark
 * mode) text, so every colour keeps the contrast axe asks for.
 */
export function InvoiceStatusChip({
  invoice,
  size = 'small',
}: {
  invoice: Pick<Invoice, 'status' | 'is_overdue'>;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const status = displayStatusOf(invoice);
  const color = COLORS[status];
  const main = color ? theme.palette[color].main : theme.palette.text.secondary;
  const isDark = theme.palette.mode === 'dark';
  return (
    <Chip
      size={size}
      label={t(`invoices.status.${status}`)}
      sx={{
        fontWeight: 600,
        bgcolor: alpha(main, isDark ? 0.2 : 0.12),
        color: color ? (isDark ? lighten(main, 0.45) : darken(main, 0.45)) : 'text.primary',
        border: 1,
        borderColor: alpha(main, 0.4),
      }}
    />
  );
}
