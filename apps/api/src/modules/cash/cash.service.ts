import {
  type CashPayment,
  type CashQuery,
  type CashRow,
  type Handover,
  type ListHandoversQuery,
  type PaymentVerification,
  type PerformanceQuery,
  type PerformanceRow,
  type ReceiptSize,
} from '@meterline/contract/cash';
import { addCash, cashCurrencies, type CashByCurrency } from '@meterline/contract/cash-currencies';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PublicLinkSigner } from '../../lib/public-link';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import type { IdempotencyTicket } from '../idempotency/index';
import { type DocumentLocale, publicLinkQr, toPayment } from '../invoices/index';
import { issueReceipt } from '../numbering/index';
import { findSettings } from '../config/index';
import { findUploadDataUri } from '../media/index';
import { findUserNames } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  cashList,
  cashOf,
  currencyRowsOf,
  recordCount,
  tenantCurrencies,
  toHandover,
  toPart,
  type CreateHandoverData,
} from './cash-counts';
import {
  findPaymentForReceipt,
  selectBalancesAfter,
  selectCashSummary,
  selectCollectorCash,
  selectCollectorPayments,
  selectHandoverCurrencies,
  selectHandovers,
  selectPerformance,
} from './cash.repository';
import { receiptCurrencies } from './receipt-currencies';
import { renderReceiptDocument } from './receipt-document';

/**
 * Collectors' cash (docs/collectors.md): cash held per collector, the count that hands it over, receipts
 * and the collector performance view. A collector sees only their own figures.
 */
export function createCashService(deps: { clock: Clock; defaultDb: Db; publicLinks: PublicLinkSigner }) {
  const namesOf = (tenantId: number, ids: (number | null)[]) => findUserNames(deps.defaultDb, tenantId, ids);

  /** A collector asking about someone else is refused; their own id is the default filter. */
  function collectorFilter(context: ServiceContext, requested: number | undefined): number | undefined {
    if (context.actor.role !== 'collector') return requested;
    if (requested !== undefined && requested !== context.actor.userId) throw forbidden();
    return context.actor.userId;
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
        return rows.map((row) => {
          const cash = cashOf({ amount: row.payment.amount, tender: row.tender }, terms);
          return {
            ...toPayment(row, names, terms.decimals),
            held_by: collector,
            handover: row.handover,
            receipt_number: row.receiptNumber,
            cash: cashList(
              cash,
              cashCurrencies(tenantCurrencies(terms), cash).filter((currency) => cash.has(currency)),
            ),
          };
        });
      }
      const today = todayIn(terms.timezone, deps.clock.now());
      const [rows, heldRows, todayCounts] = await Promise.all([
        selectCashSummary(db, scope, { collector }),
        selectCollectorCash(db, scope, { collector, held: true }),
        selectHandovers(db, scope, { collector, dateFrom: today, dateTo: today, timezone: terms.timezone }),
      ]);
      const countRows = await selectHandoverCurrencies(
        db,
        scope.tenantId,
        todayCounts.map(({ row }) => row.id),
      );
      const held = new Map<number, CashByCurrency>();
      for (const row of heldRows) {
        const cash = held.get(row.heldBy) ?? new Map<string, bigint>();
        held.set(row.heldBy, addCash(cash, [...cashOf(row, terms)].map(toPart)));
      }
      const shortages = new Map<number, CashByCurrency>();
      for (const { row } of todayCounts) {
        const short = shortages.get(row.collectorId) ?? new Map<string, bigint>();
        for (const entry of currencyRowsOf(row, countRows, terms.currency))
          if (entry.difference < 0n) addCash(short, [{ currency: entry.currency, minor: -entry.difference }]);
        shortages.set(row.collectorId, short);
      }
      const names = await namesOf(
        scope.tenantId,
        rows.map((row) => row.collector),
      );
      return rows.map((row) => {
        const heldCash = held.get(row.collector) ?? new Map<string, bigint>();
        const shortCash = shortages.get(row.collector) ?? new Map<string, bigint>();
        return {
          collector: row.collector,
          collector_name: names.get(row.collector) ?? '',
          collected: money(row.collected),
          handed_over: money(row.handedOver),
          held: money(row.held),
          held_cash: cashList(heldCash, cashCurrencies(tenantCurrencies(terms), heldCash)),
          oldest_held_at: row.oldestHeldAt?.toISOString() ?? null,
          shortage_today: money(shortCash.get(terms.currency) ?? 0n),
          shortage_today_cash: cashList(shortCash, cashCurrencies(tenantCurrencies(terms), shortCash)),
        };
      });
    },

    /** The count (`cash-counts.ts`). */
    createHandover: (context: ServiceContext, input: CreateHandoverData, audit: AuditContext, ticket: IdempotencyTicket | null) =>
      recordCount({ ...deps, namesOf }, context, input, audit, ticket),

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
      const [names, currencyRows] = await Promise.all([
        namesOf(
          scope.tenantId,
          rows.flatMap(({ row }) => [row.collectorId, row.createdBy]),
        ),
        selectHandoverCurrencies(
          db,
          scope.tenantId,
          rows.map(({ row }) => row.id),
        ),
      ]);
      return rows.map(({ row, payments }) => toHandover(row, payments, names, terms, currencyRows));
    },

    async performance(context: ServiceContext, query: PerformanceQuery): Promise<PerformanceRow[]> {
      const { db, scope, terms } = context;
      const collector = collectorFilter(context, query.collector);
      const today = todayIn(terms.timezone, deps.clock.now());
      const from = query.date_from ?? `${today.slice(0, 7)}-01`;
      const to = query.date_to ?? today;
      const [rows, cashRows] = await Promise.all([
        selectPerformance(db, scope, { period: query.period, from, to, timezone: terms.timezone, collector }),
        selectCollectorCash(db, scope, { collector, window: { from, to, timezone: terms.timezone, period: query.period } }),
      ]);
      const collected = new Map<string, CashByCurrency>();
      const stillHeld = new Map<string, CashByCurrency>();
      for (const row of cashRows) {
        const key = `${row.heldBy}|${row.period}`;
        const parts = [...cashOf(row, terms)].map(toPart);
        collected.set(key, addCash(collected.get(key) ?? new Map<string, bigint>(), parts));
        if (!row.handedOver) stillHeld.set(key, addCash(stillHeld.get(key) ?? new Map<string, bigint>(), parts));
      }
      const names = await namesOf(
        scope.tenantId,
        rows.map((row) => row.collector),
      );
      return rows.map((row) => {
        const key = `${row.collector}|${row.period}`;
        const collectedCash = collected.get(key) ?? new Map<string, bigint>();
        const heldCash = stillHeld.get(key) ?? new Map<string, bigint>();
        const listed = cashCurrencies(tenantCurrencies(terms), collectedCash, heldCash);
        return {
          collector: row.collector,
          collector_name: names.get(row.collector) ?? '',
          period: row.period,
          meters_read: row.metersRead,
          invoices_collected: row.invoicesCollected,
          amount_collected: formatMoneyAmount(row.amountCollected, terms.decimals),
          cash_held: formatMoneyAmount(row.cashHeld, terms.decimals),
          collected_cash: cashList(collectedCash, listed),
          held_cash: cashList(heldCash, listed),
        };
      });
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
        public_url: deps.publicLinks.urlFor(scope.tenantId, row.payment.customerId, row.customerLinkVersion),
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
      // The QR opens the customer's public bill (docs/collectors.md, "Receipts"); staff check a receipt by its number.
      const publicLink = await publicLinkQr(deps.publicLinks.urlFor(scope.tenantId, payment.customerId, row.customerLinkVersion));
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
          publicLink,
        },
      });
      return { html, number: receiptNumber };
    },
  };
}

export type CashService = ReturnType<typeof createCashService>;
