import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import type { Invoice } from '@meterline/contract/invoices';
import { parseMoney, currencyDecimals } from '@meterline/contract/money-format';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { useToast } from '../../../shared/hooks/use-toast';
import { useCan } from '../../../shared/lib/can';
import { paths } from '../../../shared/lib/paths';
import { RowActionsMenu, type RowAction } from '../../../shared/ui/row-actions-menu';
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
  const [isPaying, setPaying] = useState(false);
  // Nothing of the payment is mounted before "Pay" is first chosen (a list has a menu per row).
  const [hasPaid, setHasPaid] = useState(false);

  const actions: RowAction[] = [];
  if (canPay)
    actions.push({
      key: 'pay',
      icon: <PaymentsOutlined fontSize="small" />,
      label: t('invoices.actions.pay'),
      onSelect: () => {
        setHasPaid(true);
        setPaying(true);
      },
    });
  actions.push({
    key: 'print',
    icon: <PrintOutlined fontSize="small" />,
    label: t('invoices.actions.printInvoice'),
    onSelect: () =>
      void openInvoiceDocument(serviceId, invoice.id, { format: 'a4', language: i18n.language, filename: invoice.number }).catch(() =>
        showToast(t('invoices.print.failed'), { variant: 'error' }),
      ),
  });
  if (canOpenCustomer)
    actions.push({
      key: 'customer',
      icon: <PersonOutlined fontSize="small" />,
      label: t('invoices.actions.openCustomer'),
      onSelect: () => void navigate(generatePath(paths.customerEdit, { customerId: String(invoice.customer) })),
    });

  // The row opens the invoice on click: nothing of the menu, nor of the payment dialog, reaches it.
  return (
    <RowActionsMenu label={t('invoices.actions.rowActions', { number: invoice.number })} actions={actions}>
      {canPay && hasPaid && <RowPayment invoiceId={invoice.id} serviceId={serviceId} isOpen={isPaying} onClose={() => setPaying(false)} />}
    </RowActionsMenu>
  );
}

/** The payment dialog of a row, once "Pay" was chosen: it takes the invoice's record (its cash steps and rate). */
function RowPayment({ invoiceId, serviceId, isOpen, onClose }: { invoiceId: number; serviceId: number; isOpen: boolean; onClose(): void }) {
  const detail = useQuery({ ...invoiceQueryOptions(serviceId, invoiceId), enabled: isOpen });
  if (!detail.data) return null;
  return (
    <Suspense fallback={null}>
      <PaymentDialog isOpen={isOpen} mode="full" invoice={detail.data} serviceId={serviceId} onClose={onClose} />
    </Suspense>
  );
}
