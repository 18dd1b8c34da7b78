import type { z } from 'zod';
import type { ExchangeRate, ListExchangeRatesQuery, setExchangeRateInputSchema } from '@meterline/contract/exchange-rates';
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
import type { ServiceContext } from '../../scope/service-scope';
import { findExchangeRateRow, listExchangeRatesSource, toExchangeRate, upsertExchangeRate } from './exchange-rates.repository';

type SetExchangeRateData = z.output<typeof setExchangeRateInputSchema>;

/** The tenant's monthly rates of its second currency (one per month; setting it again replaces it). */
export function createExchangeRateService(deps: { clock: Clock }) {
  return {
    async listSource(context: ServiceContext, query: ListExchangeRatesQuery): Promise<ListSource<ExchangeRate>> {
      return listExchangeRatesSource(context.db, context.scope.tenantId, query);
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
        const baseCurrency = input.base_currency || settings.currency;
        if (baseCurrency !== settings.currency && baseCurrency !== currency) {
          throw fieldError('base_currency', ERROR_CODES.exchangeRateBaseInvalid, { billing: settings.currency, second: currency });
        }
        const month = `${input.month}-01`;
        const before = await findExchangeRateRow(tx, scope.tenantId, currency, month);
        const row = await upsertExchangeRate(tx, {
          tenantId: scope.tenantId,
          currency,
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
