import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Invoice } from '@meterline/contract/invoices';
import { currencyDecimals, parseMoney } from '@meterline/contract/money-format';
import { useTranslation } from 'react-i18next';
import { useCustomerInvoices } from '../api/get-customer-invoices';
import { isolateLtr } from '../lib/format-number';

/** The invoice the notice speaks of: its customer, its issue day and id (an older one is issued before it, or the same day with a smaller id). */
type Subject = Pick<Invoice, 'id' | 'customer' | 'issued_on'>;

/** The customer's invoices issued before this one that still have a balance (not cancelled), oldest first. */
export function olderUnpaidInvoices(subject: Subject, invoices: Invoice[]): Invoice[] {
  return invoices
    .filter((invoice) => invoice.id !== subject.id && invoice.customer === subject.customer)
    .filter((invoice) => invoice.status === 'unpaid' || invoice.status === 'partially_paid')
    .filter((invoice) => (parseMoney(invoice.balance_due, currencyDecimals(invoice.currency)) ?? 0n) > 0n)
    .filter((invoice) => invoice.issued_on < subject.issued_on || (invoice.issued_on === subject.issued_on && invoice.id < subject.id))
    .sort((a, b) => (a.issued_on === b.issued_on ? a.id - b.id : a.issued_on < b.issued_on ? -1 : 1));
}

/** The customer's invoices up to this one's issue day (`invoices/?customer=&date_to=`), reduced to the older unpaid ones. */
function useOlderUnpaidInvoices(serviceId: number | undefined, subject: Subject, isEnabled = true) {
  const query = useCustomerInvoices(
    serviceId,
    subject.customer,
    { date_to: subject.issued_on, ordering: 'issued_on,id', page_size: 100 },
    { isEnabled },
  );
  return { invoices: query.data ? olderUnpaidInvoices(subject, query.data.results) : [], isPending: query.isPending };
}

/**
 * Oldest first (docs/accounts.md): on the invoice page and in its payment dialog, the customer's
 * older unpaid invoices, read when `isEnabled`, and the account payment instead.
 */
export function OlderInvoicesNotice({
  serviceId,
  invoice,
  isEnabled = true,
  onPayAccount,
}: {
  serviceId: number;
  invoice: Subject;
  isEnabled?: boolean;
  onPayAccount?: () => void;
}) {
  const older = useOlderUnpaidInvoices(serviceId, invoice, isEnabled);
  return isEnabled ? <OlderInvoicesAlert older={older.invoices} onPayAccount={onPayAccount} /> : null;
}

/**
 * "Older invoices of this customer are unpaid" (docs/accounts.md, "Oldest first"): paying this
 * invoice would leave them; the action opens the account payment, which pays the oldest first.
 */
export function OlderInvoicesAlert({ older, onPayAccount }: { older: Invoice[]; onPayAccount?: () => void }) {
  const { t, i18n } = useTranslation();
  if (older.length === 0) return null;
  return (
    <Alert
      severity="warning"
      data-testid="older-invoices-notice"
      action={
        onPayAccount ? (
          <Button color="inherit" size="small" sx={{ minHeight: 44 }} onClick={onPayAccount}>
            {t('invoices.payment.payAccountInstead')}
          </Button>
        ) : undefined
      }
    >
      {t('invoices.payment.olderUnpaid', {
        numbers: older
          .slice(0, 3)
          .map((invoice) => isolateLtr(invoice.number))
          .join(i18n.language === 'ar' ? '، ' : ', '),
      })}
    </Alert>
  );
}
