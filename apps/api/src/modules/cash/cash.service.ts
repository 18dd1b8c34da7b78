import QRCode from 'qrcode';
import type { z } from 'zod';
import {
  handoverKindOf,
  type CashPayment,
  type CashQuery,
  type CashRow,
  type createHandoverInputSchema,
  type Handover,
  type ListHandoversQuery,
  type PaymentVerification,
  type PerformanceQuery,
  type PerformanceRow,
  type ReceiptSize,
} from '@meterline/contract/cash';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import type { IdempotencyTicket } from '../idempotency/index';
import { type DocumentLocale, toPayment } from '../invoices/index';
import { issueReceipt } from '../numbering/index';
import { findSettings } from '../config/index';
import { findUploadDataUri } from '../media/index';
import { parseDecimalField } from '../../lib/decimal-input';
import { assertTenantUser, findUserNames } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { insertTransaction } from '../transactions/index';
import {
  findPaymentForReceipt,
  insertHandover,
  lockPaymentsForHandover,
  selectBalancesAfter,
  selectCashSummary,
  selectCollectorPayments,
  selectHandovers,
  selectPerformance,
  type HandoverRow,
} from './cash.repository';
import { receiptCurrencies } from './receipt-currencies';
import { renderReceiptDocument } from './receipt-document';

type CreateHandoverData = z.output<typeof createHandoverInputSchema>;

/** The unique-key violation of a second link of one payment (a count racing another). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Collectors' cash (docs/collectors.md): cash held per collector, the count that hands it over, receipts
 * and the collector performance view. A collector sees only their own figures.
 */
export function createCashService(deps: { clock: Clock; defaultDb: Db; publicUrl: string }) {
  const namesOf = (tenantId: number, ids: (number | null)[]) => findUserNames(deps.defaultDb, tenantId, ids);

  /** A collector asking about someone else is refused; their own id is the default filter. */
  function collectorFilter(context: ServiceContext, requested: number | undefined): number | undefined {
    if (context.actor.role !== 'collector') return requested;
    if (requested !== undefined && requested !== context.actor.userId) throw forbidden();
    return context.actor.userId;
  }

  function toHandover(row: HandoverRow, paymentIds: number[], names: Map<number, string>, decimals: number): Handover {
    const money = (value: bigint) => formatMoneyAmount(value, decimals);
    return {
      id: row.id,
      collector: row.collectorId,
      collector_name: names.get(row.collectorId) ?? '',
      expected_amount: money(row.expectedAmount),
      counted_amount: money(row.countedAmount),
      difference: money(row.difference),
      kind: handoverKindOf(row.difference),
      reason: row.reason,
      payments: paymentIds,
      transaction: row.transactionId,
      created_at: row.createdAt.toISOString(),
      created_by: row.createdBy,
      created_by_name: names.get(row.createdBy) ?? null,
    };
  }

  return {
    async summary(context: ServiceContext, query: CashQuery): Promise<CashRow[] | CashPayment[]> {
      const { db, scope, terms } = context;
      const collector = collectorFilter(context, query.collector);
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      if (query.collector !== undefined || query.state !== undefined) {
        if (collector === undefined) throw fieldError('collector', ERROR_CODES.required);
        const rows = await selectCollectorPayments(db, scope, collector, query.state);
        const names = await namesOf(scope.tenantId, [collector, ...rows.map((row) => row.payment.receivedBy)]);
        return rows.map((row) => ({
          ...toPayment(row, names, terms.decimals),
          held_by: collector,
          handover: row.handover,
          receipt_number: row.receiptNumber,
        }));
      }
      const today = todayIn(terms.timezone, deps.clock.now());
      const rows = await selectCashSummary(db, scope, { collector, timezone: terms.timezone, today });
      const names = await namesOf(
        scope.tenantId,
        rows.map((row) => row.collector),
      );
      return rows.map((row) => ({
        collector: row.collector,
        collector_name: names.get(row.collector) ?? '',
        collected: money(row.collected),
        handed_over: money(row.handedOver),
        held: money(row.held),
        oldest_held_at: row.oldestHeldAt?.toISOString() ?? null,
        shortage_today: money(row.shortageToday),
      }));
    },

    /**
     * The count: the listed payments must be held by the collector in this service (each under a
     * row lock, so a payment is counted once); the counted cash is recorded as given and the
     * difference kept as a shortage or surplus with its reason. With it, one `handover`
     * transaction of the counted cash from the collector to the counter.
     */
    async createHandover(
      context: ServiceContext,
      input: CreateHandoverData,
      audit: AuditContext,
      ticket: IdempotencyTicket | null,
    ): Promise<Handover> {
      const { db, scope, terms, actor } = context;
      const counted = parseDecimalField('counted_amount', input.counted_amount, terms.decimals, {
        maxDigits: 15,
        allowNegative: false,
        allowZero: true,
      });
      await assertTenantUser(deps.defaultDb, scope.tenantId, input.collector, 'collector');
      const ids = [...new Set(input.payments)].sort((a, b) => a - b);
      const names = await namesOf(scope.tenantId, [input.collector, actor.userId]);
      try {
        return await db.transaction(async (tx) => {
          const rows = await lockPaymentsForHandover(tx, scope, ids);
          const byId = new Map(rows.map((row) => [row.id, row]));
          for (const id of ids) {
            const row = byId.get(id);
            if (!row || row.heldBy !== input.collector || row.amount <= 0n || row.handedOver)
              throw fieldError('payments', ERROR_CODES.paymentNotHeld, { id });
          }
          const expected = rows.reduce((sum, row) => sum + row.amount, 0n);
          const difference = counted - expected;
          if (difference !== 0n && !input.reason) throw fieldError('reason', ERROR_CODES.handoverReasonRequired);
          const now = deps.clock.now();
          const transaction =
            counted > 0n
              ? await insertTransaction(tx, {
                  tenantId: scope.tenantId,
                  serviceId: scope.serviceId,
                  kind: 'handover',
                  amount: counted,
                  fromUserId: input.collector,
                  toUserId: actor.userId,
                  description: `Cash count of ${ids.length} payment(s)${difference !== 0n ? `: ${handoverKindOf(difference)} ${formatMoneyAmount(difference < 0n ? -difference : difference, terms.decimals)} (${input.reason})` : ''}`,
                  createdAt: now,
                  createdBy: actor.userId,
                })
              : null;
          if (transaction)
            await recordAudit(tx, audit, { action: 'create', entity: 'transaction', entityId: transaction.id, after: transaction });
          const row = await insertHandover(
            tx,
            {
              tenantId: scope.tenantId,
              serviceId: scope.serviceId,
              collectorId: input.collector,
              expectedAmount: expected,
              countedAmount: counted,
              difference,
              kind: handoverKindOf(difference),
              reason: input.reason,
              transactionId: transaction?.id ?? null,
              createdBy: actor.userId,
              createdAt: now,
            },
            ids,
          );
          const response = toHandover(row, ids, names, terms.decimals);
          await recordAudit(tx, audit, { action: 'create', entity: 'cash_handover', entityId: row.id, after: response });
          await ticket?.complete(tx, 201, response);
          return response;
        });
      } catch (error) {
        // Another count took one of these payments between our lock and our insert (cannot
        // happen under the row locks, kept as the last word of the unique key).
        if (isUniqueViolation(error)) throw conflict(ERROR_CODES.conflict);
        throw error;
      }
    },

    async handovers(context: ServiceContext, query: ListHandoversQuery): Promise<Handover[]> {
      const { db, scope, terms } = context;
      const collector = collectorFilter(context, query.collector);
      const rows = await selectHandovers(db, scope, {
        collector,
        kind: query.kind,
        dateFrom: query.date_from,
        dateTo: query.date_to,
        timezone: terms.timezone,
      });
      const names = await namesOf(
        scope.tenantId,
        rows.flatMap(({ row }) => [row.collectorId, row.createdBy]),
      );
      return rows.map(({ row, payments }) => toHandover(row, payments, names, terms.decimals));
    },

    async performance(context: ServiceContext, query: PerformanceQuery): Promise<PerformanceRow[]> {
      const { db, scope, terms } = context;
      const collector = collectorFilter(context, query.collector);
      const today = todayIn(terms.timezone, deps.clock.now());
      const from = query.date_from ?? `${today.slice(0, 7)}-01`;
      const to = query.date_to ?? today;
      const rows = await selectPerformance(db, scope, { period: query.period, from, to, timezone: terms.timezone, collector });
      const names = await namesOf(
        scope.tenantId,
        rows.map((row) => row.collector),
      );
      return rows.map((row) => ({
        collector: row.collector,
        collector_name: names.get(row.collector) ?? '',
        period: row.period,
        meters_read: row.metersRead,
        invoices_collected: row.invoicesCollected,
        amount_collected: formatMoneyAmount(row.amountCollected, terms.decimals),
        cash_held: formatMoneyAmount(row.cashHeld, terms.decimals),
      }));
    },

    /** The verification page's data: what a receipt's QR code opens. */
    async verification(context: ServiceContext, paymentId: number): Promise<PaymentVerification> {
      const { db, scope, terms } = context;
      const row = await findPaymentForReceipt(db, scope, paymentId);
      if (!row) throw notFound();
      const balances = await selectBalancesAfter(db, scope.tenantId, row.payment, terms.timezone);
      const names = await namesOf(scope.tenantId, [row.payment.receivedBy, row.payment.heldBy]);
      return {
        payment: toPayment(row, names, terms.decimals),
        receipt_number: row.receiptNumber,
        customer_code: row.customerCode,
        held_by: row.payment.heldBy,
        held_by_name: row.payment.heldBy === null ? null : (names.get(row.payment.heldBy) ?? null),
        handover: row.handover,
        reversed: formatMoneyAmount(balances.reversed, terms.decimals),
      };
    },

    /**
     * The printable receipt. A payment written before receipts existed (or by another path) gets
     * its number now, in a transaction of its own, gapless like the others.
     */
    async printableReceipt(
      context: ServiceContext,
      paymentId: number,
      reader: DocumentLocale,
      size: ReceiptSize,
      audit: AuditContext,
    ): Promise<{ html: string; number: number }> {
      const { db, scope, terms } = context;
      const row = await findPaymentForReceipt(db, scope, paymentId);
      if (!row) throw notFound();
      if (row.payment.amount <= 0n) throw conflict(ERROR_CODES.receiptOfReversal);
      let receiptNumber = row.receiptNumber;
      if (receiptNumber === null) {
        receiptNumber = await db.transaction(async (tx) => {
          const number = await issueReceipt(tx, scope.tenantId, paymentId, deps.clock.now());
          await recordAudit(tx, audit, { action: 'create', entity: 'receipt', entityId: number, after: { payment: paymentId, number } });
          return number;
        });
      }
      const { payment } = row;
      const [balances, names, config] = await Promise.all([
        selectBalancesAfter(db, scope.tenantId, payment, terms.timezone),
        namesOf(scope.tenantId, [payment.heldBy ?? payment.receivedBy]),
        findSettings(db, scope),
      ]);
      const logo = config?.logo
        ? ((await findUploadDataUri(db, scope, config.logo)) ??
          (db === deps.defaultDb ? null : await findUploadDataUri(deps.defaultDb, scope, config.logo)))
        : null;
      const url = `${deps.publicUrl.replace(/\/$/, '')}/payments/${payment.id}/verify?service=${scope.serviceId}`;
      const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
      const collector = payment.heldBy ?? payment.receivedBy;
      const html = renderReceiptDocument({
        ...reader,
        size,
        issuer: {
          companyName: config?.companyName ?? '',
          address: config?.address ?? '',
          phone: config?.phone ?? '',
          email: config?.email ?? '',
          footer: config?.invoiceFooter ?? '',
          logo,
        },
        receipt: {
          receiptNumber,
          paidAt: payment.paidAt,
          timezone: terms.timezone,
          currency: terms.currency,
          customerName: row.customerName,
          customerCode: row.customerCode,
          method: payment.method,
          invoices: [{ number: row.invoiceNumber, amount: money(payment.amount) }],
          received: money(payment.amount),
          invoiceBalance: money(balances.invoiceBalance),
          balanceDue: money(balances.customerBalance),
          collectorName: collector === null ? '' : (names.get(collector) ?? ''),
          currencies: await receiptCurrencies(db, context, payment, balances),
          qrSvg: `<svg data-url="${url.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)}"${qrSvg.trim().slice(4)}`,
        },
      });
      return { html, number: receiptNumber };
    },
  };
}

export type CashService = ReturnType<typeof createCashService>;
