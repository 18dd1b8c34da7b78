import type { z } from 'zod';
import type {
  createTransactionInputSchema,
  InvoiceStatusQuery,
  InvoiceStatusSummary,
  ListTransactionsQuery,
  Transaction,
} from '@meterline/contract/transactions';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { fieldError } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { parseDecimalField } from '../../lib/decimal-input';
import { assertTenantService, assertTenantUser, findUserNames } from '../../scope/references';
import type { TenantContext } from '../../scope/service-scope';
import { insertTransaction, listTransactionsSource, summarizeInvoiceStatuses, toTransaction } from './transactions.repository';

type CreateTransactionData = z.output<typeof createTransactionInputSchema>;

/** Money moving outside invoices (a collector's cash handed to the office, expenses, deposits, adjustments). */
export function createTransactionService(deps: { clock: Clock; defaultDb: Db }) {
  const namesFor = (tenantId: number) => (ids: (number | null)[]) => findUserNames(deps.defaultDb, tenantId, ids);

  return {
    async listSource(context: TenantContext, query: ListTransactionsQuery): Promise<ListSource<Transaction>> {
      if (query.service) await assertTenantService(context.db, context.tenantId, query.service);
      if (query.from_user) await assertTenantUser(deps.defaultDb, context.tenantId, query.from_user, 'from_user');
      if (query.to_user) await assertTenantUser(deps.defaultDb, context.tenantId, query.to_user, 'to_user');
      return listTransactionsSource(context.db, context.tenantId, query, {
        decimals: context.terms.decimals,
        timezone: context.terms.timezone,
        resolveNames: namesFor(context.tenantId),
      });
    },

    async create(context: TenantContext, input: CreateTransactionData, audit: AuditContext): Promise<Transaction> {
      const { db, tenantId, terms, actor } = context;
      // Only an adjustment may take money away; every other kind moves a positive amount.
      const amount = parseDecimalField('amount', input.amount, terms.decimals, {
        maxDigits: 15,
        allowNegative: input.kind === 'adjustment',
        allowZero: false,
      });
      if (input.service) await assertTenantService(db, tenantId, input.service);
      if (input.from_user) await assertTenantUser(deps.defaultDb, tenantId, input.from_user, 'from_user');
      if (input.to_user) await assertTenantUser(deps.defaultDb, tenantId, input.to_user, 'to_user');
      if (input.kind === 'handover' && !input.from_user) throw fieldError('from_user', ERROR_CODES.handoverNeedsFromUser);
      const toUser = input.to_user ?? (input.kind === 'handover' ? actor.userId : null);
      if (input.from_user && toUser && input.from_user === toUser) throw fieldError('to_user', ERROR_CODES.transferToSelf);
      const names = await findUserNames(deps.defaultDb, tenantId, [input.from_user ?? null, toUser, actor.userId]);
      return db.transaction(async (tx) => {
        const row = await insertTransaction(tx, {
          tenantId,
          serviceId: input.service ?? null,
          kind: input.kind,
          amount,
          fromUserId: input.from_user ?? null,
          toUserId: toUser,
          description: input.description,
          createdAt: deps.clock.now(),
          createdBy: actor.userId,
        });
        await recordAudit(tx, audit, { action: 'create', entity: 'transaction', entityId: row.id, after: row });
        return toTransaction(row, names, terms.decimals);
      });
    },

    async invoiceStatus(context: TenantContext, query: InvoiceStatusQuery): Promise<InvoiceStatusSummary> {
      if (query.service) await assertTenantService(context.db, context.tenantId, query.service);
      return summarizeInvoiceStatuses(
        context.db,
        context.tenantId,
        { serviceId: query.service, dateFrom: query.date_from, dateTo: query.date_to },
        context.terms.decimals,
      );
    },
  };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
