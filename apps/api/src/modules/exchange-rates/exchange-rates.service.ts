import type { z } from 'zod';
import type {
  ExchangeRate,
  ListExchangeRatesQuery,
  MissingExchangeRates,
  MissingExchangeRatesQuery,
  setExchangeRateInputSchema,
} from '@meterline/contract/exchange-rates';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatScaled } from '@meterline/contract/money';
import { EXCHANGE_RATE_SCALE } from '@meterline/contract/tariff-pricing';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { findSettings } from '../config/index';
import { parseDecimalField } from '../../lib/decimal-input';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  findExchangeRateRow,
  findFirstInvoiceMonth,
  findRateMonths,
  listExchangeRatesSource,
  toExchangeRate,
  upsertExchangeRate,
} from './exchange-rates.repository';

/** At most this many months are listed (a long `?from=&to=`). */
const MAX_MISSING_MONTHS = 120;

type SetExchangeRateData = z.output<typeof setExchangeRateInputSchema>;

/** The tenant's monthly rates of its second currency (one per month; setting it again replaces it). */
export function createExchangeRateService(deps: { clock: Clock }) {
  return {
    async listSource(context: ServiceContext, query: ListExchangeRatesQuery): Promise<ListSource<ExchangeRate>> {
      return listExchangeRatesSource(context.db, context.scope.tenantId, query);
    },

    /** The months without a rate of their own (`missingExchangeRatesSchema`): the rate screen's and the invoice pages' warning. */
    async missing(context: ServiceContext, query: MissingExchangeRatesQuery): Promise<MissingExchangeRates> {
      const { db, scope, terms } = context;
      if ((query.from === undefined) !== (query.to === undefined)) throw fieldError(query.from ? 'to' : 'from', ERROR_CODES.required);
      if (query.from && query.to && query.to < query.from) throw fieldError('to', ERROR_CODES.dateRangeOrder);
      const current = todayIn(terms.timezone, deps.clock.now()).slice(0, 7);
      let from = query.from ?? addMonths(current, -11);
      const to = query.to ?? addMonths(current, 1);
      if (!query.from) {
        const first = (await findFirstInvoiceMonth(db, scope.tenantId)) ?? current;
        if (first > from) from = first < to ? first : to;
      }
      const months: string[] = [];
      if (terms.secondCurrency) {
        const priced = await findRateMonths(db, scope.tenantId, terms.secondCurrency, `${from}-01`, `${to}-01`);
        for (let month = from; month <= to && months.length <= MAX_MISSING_MONTHS; month = addMonths(month, 1)) {
          if (!priced.has(month)) months.push(month);
        }
      }
      return { currency: terms.secondCurrency, from, to, months: months.slice(0, MAX_MISSING_MONTHS) };
    },

    /** Answers whether the month had a rate before (`replaced`), for 200 vs 201. */
    async set(
      context: ServiceContext,
      input: SetExchangeRateData,
      audit: AuditContext,
    ): Promise<{ rate: ExchangeRate; replaced: boolean }> {
      const { db, scope, actor } = context;
      const rate = parseDecimalField('rate', input.rate, EXCHANGE_RATE_SCALE, { maxDigits: 20, allowZero: false });
      return db.transaction(async (tx) => {
        const settings = await findSettings(tx, { tenantId: scope.tenantId });
        const currency = settings?.secondCurrency;
        if (!currency) {
          throw conflict(ERROR_CODES.secondCurrencyMissing);
        }
        const pair = [settings.currency, currency];
        const baseCurrency = input.base_currency || settings.currency;
        if (!pair.includes(baseCurrency)) {
          throw fieldError('base_currency', ERROR_CODES.exchangeRateBaseInvalid, { billing: settings.currency, second: currency });
        }
        // The currency the rate is in: the other one of the pair, never the base (docs/money-and-numbering.md).
        const quoteCurrency = baseCurrency === settings.currency ? currency : settings.currency;
        if (input.currency === baseCurrency || quoteCurrency === baseCurrency) {
          throw fieldError(input.currency ? 'currency' : 'base_currency', ERROR_CODES.exchangeRateSameCurrency, { currency: baseCurrency });
        }
        if (input.currency && input.currency !== quoteCurrency) {
          throw fieldError('currency', ERROR_CODES.exchangeRateBaseInvalid, { billing: settings.currency, second: currency });
        }
        const month = `${input.month}-01`;
        const before = await findExchangeRateRow(tx, scope.tenantId, currency, month);
        const row = await upsertExchangeRate(tx, before, {
          tenantId: scope.tenantId,
          currency: quoteCurrency,
          month,
          rate: formatScaled(rate, EXCHANGE_RATE_SCALE),
          baseCurrency,
          setBy: actor.userId,
          setAt: deps.clock.now(),
        });
        await recordAudit(tx, audit, {
          action: before ? 'update' : 'create',
          entity: 'exchange_rate',
          entityId: row.id,
          before,
          after: row,
        });
        return { rate: toExchangeRate(row), replaced: before !== null };
      });
    },
  };
}

export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;

/** `YYYY-MM` moved by `count` months. */
function addMonths(month: string, count: number): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}
