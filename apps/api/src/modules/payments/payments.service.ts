import type { z } from 'zod';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { createPaymentInputSchema, ListPaymentsQuery, Payment, PaymentTotals } from '@meterline/contract/payments';
import type { Db } from '../../db/client';
import type { PublicLinkSigner } from '../../lib/public-link';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { auditColumnsOf } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import type { IdempotencyTicket } from '../idempotency/index';
import { findInvoiceRow, statusFor, toPayment, type PaymentRow, type PaymentTenderRow } from '../invoices/index';
import { parseDecimalField } from '../../lib/decimal-input';
import { assertCustomer, assertTenantUser, findUserNames, invalidPk } from '../../scope/references';
import { resolveHappenedAt } from '../../lib/happened-at';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { prepareTender, tenderRowOf } from './payment-tenders';
import { listPaymentsSource, lockInvoiceForPayment, recordPayment } from './payments.repository';
import { collectorHolder } from '../cash/index';

type CreatePaymentData = z.output<typeof createPaymentInputSchema>;

const alreadyPaid = () => conflict(ERROR_CODES.invoiceAlreadyPaid);

/** The payment's audit row: the payment, what was tendered, and where it left its invoice. */
function paymentAudit(
  audit: AuditContext,
  payment: PaymentRow,
  tender: PaymentTenderRow | null,
  invoice: { amountPaid: bigint; status: string },
) {
  return auditColumnsOf(audit, {
    action: payment.amount < 0n ? 'reverse' : 'create',
    entity: 'payment',
    entityId: payment.id,
    after: {
      ...payment,
      ...(tender ? { tender } : {}),
      invoice: { id: payment.invoiceId, amount_paid: invoice.amountPaid, status: invoice.status },
    },
  });
}

/** Payments: mark as paid, partial payments and reversals, each appended and never edited. */
export function createPaymentService(deps: { clock: Clock; defaultDb: Db; publicLinks: PublicLinkSigner }) {
  return {
    async listSource(context: ServiceContext, query: ListPaymentsQuery): Promise<ListSource<Payment, PaymentTotals>> {
      const { db, scope, terms } = context;
      if (query.customer) await assertCustomer(db, scope, query.customer);
      if (query.invoice && !(await findInvoiceRow(db, scope, query.invoice))) throw invalidPk('invoice', query.invoice);
      if (query.received_by) await assertTenantUser(deps.defaultDb, scope.tenantId, query.received_by, 'received_by');
      return listPaymentsSource(db, scope, query, {
        decimals: terms.decimals,
        timezone: terms.timezone,
        resolveNames: (ids) => findUserNames(deps.defaultDb, scope.tenantId, ids),
        linkOf: deps.publicLinks.urlFor,
      });
    },

    /**
     * One transaction that locks the invoice row first: concurrent "mark as paid" calls queue on
     * the lock, and each sees the amount the previous one left, so only the first pays and the
     * others get 409 invoice_already_paid. The invoice's amount_paid and status and the
     * customer's balance move with the payment; the idempotency answer commits with it.
     *
     * One round trip each way (docs/money-and-numbering.md, "Payments"): BEGIN, one read
     * (`lockInvoiceForPayment`: the invoice locked with all the checks need), the checks and the
     * settlement here, one write (`recordPayment`: every row, the receipt number last), COMMIT.
     * `receivedByName` is the signed-in user's name, read by the request's authentication.
     */
    async create(
      context: ServiceContext,
      invoiceId: number,
      input: CreatePaymentData,
      audit: AuditContext,
      ticket: IdempotencyTicket | null,
      receivedByName: string | null,
    ): Promise<Payment> {
      const { db, scope, terms, actor } = context;
      const given =
        input.amount === undefined || input.amount === null
          ? null
          : parseDecimalField('amount', input.amount, terms.decimals, { maxDigits: 15, allowNegative: true, allowZero: false });
      const isReversal = given !== null && given < 0n;
      const heldBy = collectorHolder(context, input, isReversal);
      if (isReversal && !input.reason) throw fieldError('reason', ERROR_CODES.reversalReasonRequired);
      if (!isReversal && input.reverses) throw fieldError('reverses', ERROR_CODES.reversesNeedsNegative);
      if (input.amounts && given !== null) throw fieldError('amounts', ERROR_CODES.amountsWithAmount);
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      const paidAt = resolveHappenedAt('paid_at', input.paid_at, {
        now: deps.clock.now(),
        backdateDays: terms.backdateDays,
        role: actor.role,
      });
      const names = new Map(receivedByName === null ? [] : [[actor.userId, receivedByName]]);
      const reverses = isReversal ? (input.reverses ?? null) : null;

      return db.transaction(async (tx) => {
        const ground = await lockInvoiceForPayment(tx, scope, invoiceId, {
          withTender: Boolean(input.amounts),
          reverses,
          claim: ticket?.claim ?? null,
        });
        if (!ground) throw notFound();
        // The Idempotency-Key is another request's: its answer is the key's (idempotency.ts).
        if (!ground.claimed) ticket?.taken();
        const { invoice } = ground;
        if (invoice.status === 'cancelled') throw conflict(BILLING_ERROR_CODES.invoiceCancelled);
        if (todayIn(terms.timezone, paidAt) < invoice.issuedOn) {
          throw fieldError('paid_at', ERROR_CODES.dateBeforeIssue, { issued_on: invoice.issuedOn });
        }
        const balance = invoice.total - invoice.amountPaid;
        // Money handed over in one or both currencies (payment-tenders.ts), at the rate the invoice stored.
        const tender = input.amounts ? prepareTender(context, ground.rate, input.amounts, balance, input.method) : null;
        let amount: bigint;
        if (tender) {
          if (balance <= 0n) throw alreadyPaid();
          amount = tender.settled.applied;
        } else if (given === null) {
          if (balance <= 0n) throw alreadyPaid();
          amount = balance;
        } else if (given > 0n) {
          if (balance <= 0n) throw alreadyPaid();
          if (given > balance) throw fieldError('amount', ERROR_CODES.overpay, { amount: money(given), balance: money(balance) });
          amount = given;
        } else {
          amount = given;
          if (-amount > invoice.amountPaid)
            throw fieldError('amount', ERROR_CODES.reversalExceedsPaid, { paid: money(invoice.amountPaid) });
          if (input.reverses) {
            const reversed = ground.reversed;
            if (!reversed) throw invalidPk('reverses', input.reverses);
            if (reversed.amount <= 0n) throw fieldError('reverses', ERROR_CODES.reversalOfReversal);
            const left = reversed.amount - reversed.taken;
            if (-amount > left) throw fieldError('amount', ERROR_CODES.reversalExceedsLeft, { left: money(left) });
          }
        }
        const payment: PaymentRow = {
          id: ground.paymentId,
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          invoiceId,
          customerId: invoice.customerId,
          amount,
          method: input.method,
          reference: input.reference,
          paidAt,
          receivedBy: actor.userId,
          note: input.note,
          reason: input.reason,
          reversesId: reverses,
          heldBy,
          accountPaymentId: null,
        };
        const tenderRow =
          tender && ground.tenderId !== null
            ? tenderRowOf({ id: ground.tenderId, tenantId: scope.tenantId, paymentId: payment.id, ...tender })
            : null;
        const amountPaid = invoice.amountPaid + amount;
        const status = statusFor(invoice.total, amountPaid);
        const { customerName, publicLinkVersion } = ground;
        const joined = { payment, invoiceNumber: invoice.number, customerName, publicLinkVersion, tender: tenderRow };
        const response = toPayment(joined, names, terms.decimals, deps.publicLinks.urlFor);
        await recordPayment(tx, {
          payment,
          tender: tenderRow,
          invoice: { amountPaid, status },
          audit: paymentAudit(audit, payment, tenderRow, { amountPaid, status }),
          idempotencyKey: ticket?.key ?? null,
          answer: response,
          // Taken last in the write: the tenant's receipt counter row is locked from there to the
          // commit, and every payment of the tenant queues on it (gapless numbers).
          receiptIssuedAt: amount > 0n ? deps.clock.now() : null,
        });
        ticket?.stored();
        return response;
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
