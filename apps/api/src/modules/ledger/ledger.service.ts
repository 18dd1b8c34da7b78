import { ageBalances, buildLedger, type LedgerMovement } from '@meterline/contract/account-rules';
import type { Ledger, LedgerQuery } from '@meterline/contract/ledger';
import { formatMoneyAmount } from '@meterline/contract/money';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Clock } from '../../lib/clock';
import { fieldError, notFound } from '../../lib/http-errors';
import { findCustomerRow } from '../customers/index';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { findAccountMovements, accountLedgerMovements, ACCOUNT_PAYMENT_METHODS } from '../account/index';
import { findInvoiceMovements, findPaymentMovements } from './ledger.repository';

const isOwnPayment = (row: { method: string; accountPaymentId: number | null }) =>
  row.accountPaymentId === null && !ACCOUNT_PAYMENT_METHODS.includes(row.method);

interface Movement extends LedgerMovement {
  at: number;
  invoice: number | null;
  payment: number | null;
}

/** A customer's statement of account, from the invoices and payments themselves. */
export function createLedgerService(deps: { clock: Clock }) {
  return {
    async get(context: ServiceContext, customerId: number, query: LedgerQuery): Promise<Ledger> {
      const { db, scope, terms } = context;
      if (query.date_from && query.date_to && query.date_to < query.date_from) {
        throw fieldError('date_to', ERROR_CODES.dateRangeOrder);
      }
      const customer = await findCustomerRow(db, scope, customerId);
      if (!customer) throw notFound();
      const [invoiceRows, paymentRows] = await Promise.all([
        findInvoiceMovements(db, scope, customerId),
        findPaymentMovements(db, scope, customerId, terms.timezone),
      ]);
      const account = await findAccountMovements(db, scope, customerId, terms.timezone);
      const movements: Movement[] = [
        ...invoiceRows.map((row) => ({
          date: row.issuedOn,
          kind: 'invoice' as const,
          reference: row.number,
          amount: row.total,
          at: row.createdAt.getTime(),
          invoice: row.id,
          payment: null,
          sequence: 0,
        })),
        // Payments rows written by the account (its allocations, credit applied, credit notes) show as the account's movements.
        ...paymentRows.filter(isOwnPayment).map((row) => ({
          date: row.paidOn,
          kind: row.reversesId === null ? ('payment' as const) : ('reversal' as const),
          reference: row.reference || `#${row.id}`,
          // A payment lowers what is owed; a reversal (a negative payment) raises it again.
          amount: -row.amount,
          at: row.paidAt.getTime(),
          invoice: row.invoiceId,
          payment: row.id,
          sequence: 0,
        })),
        ...accountLedgerMovements(account),
      ];
      // Within a day, movements keep the order they were written in.
      movements.sort((a, b) => a.at - b.at || (a.payment ?? 0) - (b.payment ?? 0));
      movements.forEach((movement, index) => (movement.sequence = index));
      const ledger = buildLedger(movements, query.date_from, query.date_to);
      const lastDay = query.date_to ?? todayIn(terms.timezone, deps.clock.now());
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      // Ageing as of the last day: what each invoice still owed then.
      const paidBy = new Map<number, bigint>();
      for (const row of paymentRows) {
        if (row.paidOn <= lastDay) paidBy.set(row.invoiceId, (paidBy.get(row.invoiceId) ?? 0n) + row.amount);
      }
      const open = invoiceRows
        .filter((row) => row.issuedOn <= lastDay)
        .map((row) => ({ id: row.id, issuedOn: row.issuedOn, dueOn: row.dueOn, balanceDue: row.total - (paidBy.get(row.id) ?? 0n) }));
      const ageing = ageBalances(open, lastDay);
      return {
        customer: customerId,
        date_from: query.date_from ?? null,
        date_to: query.date_to ?? null,
        opening_balance: money(ledger.openingBalance),
        entries: ledger.entries.map((entry) => {
          const movement = entry as typeof entry & Movement;
          return {
            date: entry.date,
            kind: entry.kind,
            reference: entry.reference,
            invoice: movement.invoice,
            payment: movement.payment,
            amount: money(entry.amount),
            balance: money(entry.balance),
          };
        }),
        closing_balance: money(ledger.closingBalance),
        ageing: {
          current: money(ageing.current),
          days_1_30: money(ageing.days_1_30),
          days_31_60: money(ageing.days_31_60),
          days_61_90: money(ageing.days_61_90),
          days_over_90: money(ageing.days_over_90),
        },
      };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
