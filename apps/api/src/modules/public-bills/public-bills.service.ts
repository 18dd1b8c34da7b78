import { cashDueInSecond, inSecondCurrency } from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { PublicAmount, PublicBill, PublicLink } from '@meterline/contract/public-bills';
import type { DatabaseRegistry, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { PublicLinkSigner } from '../../lib/public-link';
import type { AuditContext } from '../../plugins/request-context';
import { findTenantTerms, todayIn, type ServiceContext, type TenantTerms } from '../../scope/service-scope';
import { recordAudit } from '../audit/index';
import { findSettings } from '../config/index';
import { renewPublicLinkVersion } from '../customers/index';
import { currencyTermsOf, findInvoiceRates, findRateForMonth } from '../invoices/index';
import { mediaUrl } from '../media/index';
import { maskName, maskPhone } from './public-bill-rules';
import { findLinkCustomer, findLinkTenant, selectLastPayments, selectOpenInvoices } from './public-bills.repository';

type Rate = { currency: string; rate: string; baseCurrency: string | null };

/** An amount in the billing currency, then in the second one when there is a rate to convert it with. */
function amountsOf(minor: bigint, terms: TenantTerms, rate: Rate | null, convert: typeof inSecondCurrency): PublicAmount[] {
  const amounts: PublicAmount[] = [{ currency: terms.currency, amount: formatMoneyAmount(minor, terms.decimals) }];
  if (!rate) return amounts;
  const second = convert(minor, currencyTermsOf(terms, rate));
  if (second !== null) amounts.push({ currency: rate.currency, amount: formatMoneyAmount(second, currencyDecimals(rate.currency)) });
  return amounts;
}

/**
 * "Check my bill" (docs/security.md, "The public bill link"): the customer's bill by its signed link,
 * and the office's new link. A token that is not a customer's current link (wrong, altered, cut,
 * revoked, another tenant's, a blocked tenant's) is the same 404 after the same work: one tenant
 * read, one customer read, one HMAC and a constant-time comparison.
 */
export function createPublicBillService(deps: { databases: DatabaseRegistry; signer: PublicLinkSigner; clock: Clock }) {
  const { databases, signer } = deps;

  async function linkedCustomer(token: string) {
    const claim = signer.claimOf(token);
    const tenant = await findLinkTenant(databases.default, claim.tenantId);
    const isLive = tenant !== null && !tenant.isBlocked && databases.has(tenant.dbAlias);
    const db = isLive ? databases.get(tenant.dbAlias) : databases.default;
    const customer = await findLinkCustomer(db, claim.tenantId, claim.customerId);
    if (!signer.holds(claim, isLive ? (customer?.publicLinkVersion ?? null) : null) || !customer) throw notFound();
    return { db, tenantId: claim.tenantId, customer };
  }

  async function openInvoices(db: Executor, tenantId: number, customerId: number, terms: TenantTerms) {
    const rows = await selectOpenInvoices(db, tenantId, customerId);
    const rates = terms.secondCurrency
      ? await findInvoiceRates(
          db,
          tenantId,
          rows.map((row) => row.id),
        )
      : new Map();
    return rows.map((row) => {
      const rate = rates.get(row.id) ?? null;
      return {
        number: row.number,
        period_start: row.periodStart,
        period_end: row.periodEnd,
        due_on: row.dueOn,
        total: amountsOf(row.total, terms, rate, inSecondCurrency),
        amount_due: amountsOf(row.total - row.amountPaid, terms, rate, cashDueInSecond),
      };
    });
  }

  return {
    /** The page's data: nothing beyond what the paper bill shows. */
    async bill(token: string): Promise<PublicBill> {
      const { db, tenantId, customer } = await linkedCustomer(token);
      const [settings, terms] = await Promise.all([findSettings(db, { tenantId }), findTenantTerms(db, tenantId)]);
      const month = todayIn(terms.timezone, deps.clock.now()).slice(0, 7);
      const [invoiceRows, payments, rate] = await Promise.all([
        openInvoices(db, tenantId, customer.id, terms),
        selectLastPayments(db, tenantId, customer.id),
        terms.secondCurrency ? findRateForMonth(db, tenantId, terms.secondCurrency, `${month}-01`) : null,
      ]);
      const balance = customer.balance > 0n ? customer.balance : 0n;
      return {
        // The customer's own language (its messages' language), a switch on the page for the other.
        language: customer.language === 'ar' || customer.language === 'en' ? customer.language : terms.customerLanguage,
        operator: {
          name: settings?.companyName ?? '',
          phone: settings?.phone ?? '',
          address: settings?.address ?? '',
          logo_url: mediaUrl(settings?.logo ?? null),
        },
        customer: { name: maskName(customer.fullName), phone: maskPhone(customer.phone), code: customer.code },
        balance_due: amountsOf(
          balance,
          terms,
          rate && terms.secondCurrency ? { ...rate, currency: terms.secondCurrency } : null,
          cashDueInSecond,
        ),
        invoices: invoiceRows,
        payments: payments.map((payment) => ({
          paid_at: payment.paidAt.toISOString(),
          amount: { currency: terms.currency, amount: formatMoneyAmount(payment.amount, terms.decimals) },
          receipt_number: payment.receiptNumber,
        })),
      };
    },

    /** "Make a new link": the old one answers 404 from then on. */
    async renew(context: ServiceContext, customerId: number, audit: AuditContext): Promise<PublicLink> {
      const { db, scope } = context;
      const version = await db.transaction(async (tx) => {
        const renewed = await renewPublicLinkVersion(tx, scope, customerId);
        if (renewed === null) throw notFound();
        await recordAudit(tx, audit, {
          action: 'renew_public_link',
          entity: 'customer',
          entityId: customerId,
          after: { public_link_version: renewed },
        });
        return renewed;
      });
      return { public_url: signer.urlFor(scope.tenantId, customerId, version) };
    },
  };
}

export type PublicBillService = ReturnType<typeof createPublicBillService>;
