import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Invoice } from '@meterline/contract/invoices';
import { parseMoney, currencyDecimals } from '@meterline/contract/money';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { paths } from '../../../shared/lib/paths';
import { openInvoiceDocument } from '../api/get-invoice-document';
import { invoiceQueryOptions } from '../api/get-invoice';

/** The payment form (zod, react-hook-form) downloads when a row's menu has the invoice, not with the list. */
const PaymentDialog = lazy(() => import('./payment-dialog').then((module) => ({ default: module.PaymentDialog })));

/** An invoice with something left to pay (not cancelled): the one a payment can be taken on. */
export function isPayable(invoice: Invoice): boolean {
  return invoice.status !== 'cancelled' && (parseMoney(invoice.balance_due, currencyDecimals(invoice.currency)) ?? 0n) > 0n;
}

/**
 * A list row's "⋯" menu (grid row or phone card): take a payment (the invoice's payment dialog),
 * print the invoice, open its customer, each where the role allows, without opening the invoice.
 * Its clicks stay inside it: the row's own click opens the invoice.
 */
export function InvoiceRowActions({ invoice, serviceId }: { invoice: Invoice; serviceId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const canPay = useCan('create', 'payment') && isPayable(invoice);
  const canOpenCustomer = useCan('list', 'customer');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isPaying, setPaying] = useState(false);
  const menuId = useId();
  // The payment dialog takes the invoice's record (its cash steps and rate): read when "Pay" is chosen.
  const detail = useQuery({ ...invoiceQueryOptions(serviceId, invoice.id), enabled: isPaying });

  const stop = (event: MouseEvent) => event.stopPropagation();
  const close = () => setAnchor(null);
  const handlePrintClick = () => {
    close();
    openInvoiceDocument(serviceId, invoice.id, { format: 'a4', language: i18n.language, filename: invoice.number }).catch(() =>
      showToast(t('invoices.print.failed'), { variant: 'error' }),
    );
  };

  return (
    // The row opens the invoice on click: nothing of the menu reaches it.
    <span onClick={stop} onKeyDown={(event) => event.stopPropagation()} role="presentation">
      <IconButton
        size="small"
        aria-label={t('invoices.actions.rowActions', { number: invoice.number })}
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
              setPaying(true);
            }}
          >
            <ListItemIcon>
              <PaymentsOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('invoices.actions.pay')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={handlePrintClick}>
          <ListItemIcon>
            <PrintOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('invoices.actions.printInvoice')}</ListItemText>
        </MenuItem>
        {canOpenCustomer && (
          <MenuItem
            onClick={() => {
              close();
              void navigate(generatePath(paths.customerEdit, { customerId: String(invoice.customer) }));
            }}
          >
            <ListItemIcon>
              <PersonOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('invoices.actions.openCustomer')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {canPay && detail.data && (
        <Suspense fallback={null}>
          <PaymentDialog isOpen={isPaying} mode="full" invoice={detail.data} serviceId={serviceId} onClose={() => setPaying(false)} />
        </Suspense>
      )}
    </span>
  );
}
