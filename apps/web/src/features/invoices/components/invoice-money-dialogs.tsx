import type { InvoiceDetail } from '@meterline/contract/invoices';
import type { Payment } from '@meterline/contract/payments';
import { lazy } from 'react';
import { useCan } from '../../../shared/lib/can';
import { KeptDialog } from '../../../shared/ui/kept-dialog';
import type { PaymentMode } from './payment-dialog';

/** The money dialogs (their forms: zod, react-hook-form) download when opened, not with the invoice. */
const PaymentDialog = lazy(() => import('./payment-dialog').then((module) => ({ default: module.PaymentDialog })));
const ReversePaymentDialog = lazy(() => import('./reverse-payment-dialog').then((module) => ({ default: module.ReversePaymentDialog })));
const CreditNoteDialog = lazy(() => import('./credit-note-dialog').then((module) => ({ default: module.CreditNoteDialog })));
const PayAccountDialog = lazy(() =>
  import('../../../shared/ui/pay-account-dialog').then((module) => ({ default: module.PayAccountDialog })),
);
const CancelInvoiceDialog = lazy(() => import('./cancel-invoice-dialog').then((module) => ({ default: module.CancelInvoiceDialog })));

/**
 * The invoice page's money dialogs, the one the page opened (false or null: none): each downloads
 * when first opened and stays until it has faded out (`KeptDialog`, the theme's dialog transition).
 * `onClose` closes whichever is open.
 */
export function InvoiceMoneyDialogs({
  invoice,
  serviceId,
  paymentMode,
  reversing,
  isCreditNoteOpen,
  isCancelOpen,
  onPayAccount,
  onClose,
}: {
  invoice: InvoiceDetail;
  serviceId: number;
  /** `account`: the customer's account payment (oldest first), opened from the "older invoices" notice. */
  paymentMode: PaymentMode | 'account' | null | false;
  reversing: Payment | null | false;
  isCreditNoteOpen: boolean;
  isCancelOpen: boolean;
  onPayAccount?(): void;
  onClose(): void;
}) {
  const canCancel = useCan('cancel', 'invoice');
  const forInvoice = { invoice, serviceId, onClose };
  return (
    <>
      <KeptDialog value={paymentMode !== 'account' && paymentMode}>
        {(mode, isOpen) => <PaymentDialog isOpen={isOpen} mode={mode} onPayAccount={onPayAccount} {...forInvoice} />}
      </KeptDialog>
      <KeptDialog value={paymentMode === 'account'}>
        {(_open, isOpen) => (
          <PayAccountDialog isOpen={isOpen} serviceId={serviceId} customer={{ id: invoice.customer }} onClose={onClose} />
        )}
      </KeptDialog>
      <KeptDialog value={reversing}>
        {(payment, isOpen) => <ReversePaymentDialog payment={payment} isOpen={isOpen} {...forInvoice} />}
      </KeptDialog>
      <KeptDialog value={isCreditNoteOpen}>{(_open, isOpen) => <CreditNoteDialog isOpen={isOpen} {...forInvoice} />}</KeptDialog>
      <KeptDialog value={canCancel && isCancelOpen}>
        {(_open, isOpen) => <CancelInvoiceDialog isOpen={isOpen} {...forInvoice} />}
      </KeptDialog>
    </>
  );
}
