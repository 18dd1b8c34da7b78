import type { z } from 'zod';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import type {
  createInvoiceInputSchema,
  GenerateInvoicesResult,
  generateInvoicesInputSchema,
  Invoice,
  InvoiceDetail,
  ListInvoicesQuery,
} from '@meterline/contract/invoices';
import { formatScaled, parseScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit, type AuditContext } from '../audit/audit.repository';
import { findCustomer, findCustomerRow } from '../customers/customers.repository';
import { findInvoicePayments, toPayment } from '../payments/payments.repository';
import { isUniqueViolation } from '../services/codes';
import { parseDecimalField } from '../services/decimal-input';
import { assertAddressFilters, assertCustomer, assertStation, assertSubscription, findScopedBundle, findUserNames, invalidPk } from '../services/references';
import { addDays, todayIn, type ServiceContext } from '../services/service-scope';
import {
  findFirstReadingStart,
  findPreviousMeterInvoice,
  findReadingsBetween,
  findSubscriptionRow,
  findUnbilledConsumption,
  toReading,
} from '../subscriptions/subscriptions.repository';
import { renderInvoiceDocument, type DocumentFormat, type DocumentLanguage } from './invoice-document';
import { meterInvoiceLines, priceLines, type DraftLine } from './invoice-lines';
import {
  addToCustomerBalance,
  allocateInvoiceNumber,
  findBilledSubscriptionIds,
  findInvoiceLines,
  findInvoiceRow,
  findInvoiceWithCustomer,
  findLiveInvoiceForPeriod,
  findOpenSubscriptions,
  findSettingsRow,
  findUploadDataUri,
  insertInvoice,
  insertInvoiceLines,
  listInvoicesSource,
  statusFor,
  toInvoice,
  toInvoiceLine,
  updateInvoiceRow,
} from './invoices.repository';

type CreateInvoiceData = z.output<typeof createInvoiceInputSchema>;
type GenerateInvoicesData = z.output<typeof generateInvoicesInputSchema>;

interface Period {
  periodStart: string;
  periodEnd: string;
}

const periodBilled = (number: string) =>
  conflict(BILLING_ERROR_CODES.periodAlreadyBilled, `This subscription already has a live invoice (${number}) for this period. Cancel it first to bill the period again.`);

/** Invoices: creation from a meter or from lines, numbering, cancelling, the billing run. */
export function createInvoiceService(deps: { clock: Clock; defaultDb: Db }) {
  const { clock } = deps;

  /** Inserts a priced invoice with its lines, moves the customer's balance and writes one audit row. */
  async function storeInvoice(
    tx: Tx,
    context: ServiceContext,
    audit: AuditContext,
    values: { customerId: number; subscriptionId: number | null; period: Period; notes: string; lines: DraftLine[]; readings?: { previous: string | null; current: string; consumption: string } },
  ): Promise<number> {
    const { scope, terms } = context;
    const priced = priceLines(values.lines, terms.taxRate, terms.decimals);
    const issuedOn = todayIn(terms.timezone, clock.now());
    const number = await allocateInvoiceNumber(tx, scope.tenantId, terms.invoicePrefix, issuedOn.slice(0, 4));
    const { subtotal, tax, total } = priced.totals;
    const invoice = await insertInvoice(tx, {
      tenantId: scope.tenantId,
      serviceId: scope.serviceId,
      number,
      customerId: values.customerId,
      subscriptionId: values.subscriptionId,
      periodStart: values.period.periodStart,
      periodEnd: values.period.periodEnd,
      issuedOn,
      dueOn: addDays(issuedOn, terms.invoiceDueDays),
      subtotal,
      tax,
      total,
      amountPaid: 0n,
      status: statusFor(total, 0n),
      previousReading: values.readings?.previous ?? null,
      currentReading: values.readings?.current ?? null,
      consumption: values.readings?.consumption ?? null,
      createdBy: context.actor.userId,
      notes: values.notes,
      createdAt: clock.now(),
    });
    const lines = await insertInvoiceLines(
      tx,
      priced.lines.map((line, index) => ({
        tenantId: scope.tenantId,
        invoiceId: invoice.id,
        position: index + 1,
        description: line.description,
        quantity: formatScaled(line.quantity, QUANTITY_SCALE),
        unitPrice: formatScaled(line.unitPrice, UNIT_PRICE_SCALE),
        amount: line.amount,
      })),
    );
    await addToCustomerBalance(tx, scope.tenantId, values.customerId, total);
    await recordAudit(tx, audit, { action: 'create', entity: 'invoice', entityId: invoice.id, after: { ...invoice, lines } });
    return invoice.id;
  }

  /**
   * Bills a meter: consumption not yet billed x the bundle's unit price, plus its monthly price.
   * Locks the customer then the subscription (the order every writer uses), so a reading, a
   * bundle change and a second invoice for the same meter wait for this one.
   */
  async function createFromMeter(context: ServiceContext, subscriptionId: number, period: Period, notes: string, audit: AuditContext): Promise<number> {
    const { db, scope, terms } = context;
    const peek = await findSubscriptionRow(db, scope, subscriptionId);
    if (!peek) throw invalidPk('subscription', subscriptionId);
    try {
      return await db.transaction(async (tx) => {
        await findCustomerRow(tx, scope, peek.customerId, { lock: true });
        const subscription = await findSubscriptionRow(tx, scope, subscriptionId, { lock: true });
        if (!subscription) throw invalidPk('subscription', subscriptionId);
        if (subscription.endedOn !== null) throw fieldError('subscription', "This subscription is closed: bill the customer's current subscription.");
        const live = await findLiveInvoiceForPeriod(tx, scope.tenantId, subscriptionId, period.periodStart, period.periodEnd);
        if (live) throw periodBilled(live.number);
        const bundle = await findScopedBundle(tx, scope, subscription.bundleId, 'subscription');
        const consumptionText = await findUnbilledConsumption(tx, scope.tenantId, subscription.customerId);
        const consumption = parseScaled(consumptionText, QUANTITY_SCALE) ?? 0n;
        const previousInvoice = await findPreviousMeterInvoice(tx, scope.tenantId, subscription.customerId);
        const previous = previousInvoice?.currentReading ?? (await findFirstReadingStart(tx, scope.tenantId, subscription.customerId)) ?? subscription.counter;
        const lines = meterInvoiceLines({
          bundleName: bundle.name,
          priceMinor: bundle.price,
          unitPrice: parseScaled(bundle.unitPrice, UNIT_PRICE_SCALE) ?? 0n,
          consumption,
          unit: context.service.unit,
          decimals: terms.decimals,
        });
        return storeInvoice(tx, context, audit, {
          customerId: subscription.customerId,
          subscriptionId,
          period,
          notes,
          lines,
          readings: { previous, current: subscription.counter, consumption: formatScaled(consumption, QUANTITY_SCALE) },
        });
      });
    } catch (error) {
      // Two creations for one period that both passed the check: the partial unique index decides.
      if (isUniqueViolation(error, 'invoices_live_period_key')) throw periodBilled('created meanwhile');
      throw error;
    }
  }

  async function createFromLines(context: ServiceContext, input: CreateInvoiceData, audit: AuditContext): Promise<number> {
    const { db, scope } = context;
    const customerId = input.customer as number;
    await assertCustomer(db, scope, customerId);
    const lines: DraftLine[] = (input.lines ?? []).map((line, index) => ({
      description: line.description,
      quantity: parseDecimalField(`lines.${index}.quantity`, line.quantity, QUANTITY_SCALE, { maxDigits: 14, allowZero: false }),
      unitPrice: parseDecimalField(`lines.${index}.unit_price`, line.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
    }));
    const priced = priceLines(lines, context.terms.taxRate, context.terms.decimals);
    if (priced.totals.total >= 10n ** 15n) throw fieldError('lines', 'The invoice total is too large.');
    return db.transaction(async (tx) => {
      await findCustomerRow(tx, scope, customerId, { lock: true });
      return storeInvoice(tx, context, audit, { customerId, subscriptionId: null, period: { periodStart: input.period_start, periodEnd: input.period_end }, notes: input.notes, lines });
    });
  }

  async function detail(context: ServiceContext, invoiceId: number): Promise<InvoiceDetail> {
    const { db, scope, terms } = context;
    const found = await findInvoiceWithCustomer(db, scope, invoiceId);
    if (!found) throw notFound();
    const today = todayIn(terms.timezone, clock.now());
    const invoice = found.invoice;
    const [lines, paymentRows, readingRows] = await Promise.all([
      findInvoiceLines(db, scope.tenantId, invoiceId),
      findInvoicePayments(db, scope.tenantId, invoiceId),
      invoice.consumption === null
        ? Promise.resolve([])
        : findPreviousMeterInvoice(db, scope.tenantId, invoice.customerId, invoice.id).then((previous) =>
            findReadingsBetween(db, scope.tenantId, invoice.customerId, previous?.createdAt ?? null, invoice.createdAt),
          ),
    ]);
    const names = await findUserNames(deps.defaultDb, scope.tenantId, [...paymentRows.map((row) => row.payment.receivedBy), ...readingRows.map((row) => row.takenBy)]);
    return {
      ...toInvoice(invoice, found, terms, today),
      lines: lines.map((line) => toInvoiceLine(line, terms.decimals)),
      readings: readingRows.map((row) => toReading(row, names)),
      payments: paymentRows.map((row) => toPayment(row, names, terms.decimals)),
    };
  }

  return {
    detail,

    /** The printable page of an invoice (A4 or an 80 mm receipt) in the requester's language. */
    async printable(context: ServiceContext, invoiceId: number, language: DocumentLanguage, format: DocumentFormat): Promise<{ html: string; number: string }> {
      const invoice = await detail(context, invoiceId);
      const { db, scope } = context;
      const [customer, config] = await Promise.all([findCustomer(db, scope, invoice.customer, context.terms.decimals), findSettingsRow(db, scope.tenantId)]);
      // The logo may sit with the tenant's data or in the default database (uploads exist in both).
      const logo = config?.logo ? ((await findUploadDataUri(db, config.logo)) ?? (db === deps.defaultDb ? null : await findUploadDataUri(deps.defaultDb, config.logo))) : null;
      const html = renderInvoiceDocument({
        invoice,
        customer,
        unit: context.service.unit,
        language,
        format,
        issuer: {
          companyName: config?.companyName ?? '',
          address: config?.address ?? '',
          phone: config?.phone ?? '',
          email: config?.email ?? '',
          footer: config?.invoiceFooter ?? '',
          logo,
        },
      });
      return { html, number: invoice.number };
    },

    async listSource(context: ServiceContext, query: ListInvoicesQuery): Promise<ListSource<Invoice>> {
      if (query.customer) await assertCustomer(context.db, context.scope, query.customer);
      if (query.subscription) await assertSubscription(context.db, context.scope, query.subscription);
      const today = todayIn(context.terms.timezone, clock.now());
      return listInvoicesSource(context.db, context.scope, query, context.terms, today);
    },

    async create(context: ServiceContext, input: CreateInvoiceData, audit: AuditContext): Promise<InvoiceDetail> {
      const period = { periodStart: input.period_start, periodEnd: input.period_end };
      const id = input.subscription !== undefined
        ? await createFromMeter(context, input.subscription, period, input.notes, audit)
        : await createFromLines(context, input, audit);
      return detail(context, id);
    },

    /** Cancels while nothing is paid: the number stays taken (gapless), the period is free again. */
    async cancel(context: ServiceContext, invoiceId: number, reason: string, audit: AuditContext): Promise<InvoiceDetail> {
      const { db, scope } = context;
      await db.transaction(async (tx) => {
        const invoice = await findInvoiceRow(tx, scope, invoiceId, { lock: true });
        if (!invoice) throw notFound();
        if (invoice.status === 'cancelled') throw conflict(BILLING_ERROR_CODES.invoiceCancelled, 'This invoice is already cancelled.');
        if (invoice.amountPaid !== 0n) {
          throw conflict(BILLING_ERROR_CODES.invoiceHasPayments, 'This invoice has payments: reverse them before cancelling it.');
        }
        const after = await updateInvoiceRow(tx, scope, invoiceId, { status: 'cancelled', cancelledAt: clock.now(), cancelReason: reason });
        await addToCustomerBalance(tx, scope.tenantId, invoice.customerId, -invoice.total);
        await recordAudit(tx, audit, { action: 'cancel', entity: 'invoice', entityId: invoiceId, before: invoice, after });
      });
      return detail(context, invoiceId);
    },

    /**
     * The billing run: every open subscription of the service for the period, each invoice in its
     * own transaction. Subscriptions already billed for the period are skipped, so a second run
     * creates nothing. A dry run only counts: `created` is what a run would bill, `skipped` what
     * is already billed.
     */
    async generate(context: ServiceContext, input: GenerateInvoicesData, audit: AuditContext, { isDryRun = false }: { isDryRun?: boolean } = {}): Promise<GenerateInvoicesResult> {
      const { db, scope } = context;
      if (input.station) await assertStation(db, scope, input.station);
      if (input.region) await assertAddressFilters(db, scope.tenantId, { region: input.region });
      const period = { periodStart: input.period_start, periodEnd: input.period_end };
      const candidates = await findOpenSubscriptions(db, scope, { station: input.station, region: input.region });
      const billed = await findBilledSubscriptionIds(db, scope, period.periodStart, period.periodEnd);
      const result: GenerateInvoicesResult = { created: 0, skipped: 0, errors: [], invoices: [] };
      if (isDryRun) {
        for (const candidate of candidates) {
          if (billed.has(candidate.id)) result.skipped += 1;
          else result.created += 1;
        }
        return result;
      }
      for (const candidate of candidates) {
        if (billed.has(candidate.id)) {
          result.skipped += 1;
          continue;
        }
        try {
          result.invoices.push(await createFromMeter(context, candidate.id, period, '', audit));
          result.created += 1;
        } catch (error) {
          if (error instanceof HttpError && error.body.code === BILLING_ERROR_CODES.periodAlreadyBilled) {
            result.skipped += 1;
            continue;
          }
          const detailText = error instanceof HttpError ? JSON.stringify(error.body) : 'A server error occurred.';
          if (!(error instanceof HttpError)) console.error('billing run error', error);
          result.errors.push({ subscription: candidate.id, customer: candidate.customerId, detail: detailText });
        }
      }
      return result;
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
