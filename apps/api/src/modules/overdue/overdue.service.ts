import type { ListOverdueQuery, OverdueCustomer } from '@meterline/contract/overdue';
import type { Clock } from '../../lib/clock';
import type { ListSource } from '../../lib/list';
import { todayIn, type ServiceContext } from '../services/service-scope';
import { listOverdueSource } from './overdue.repository';

/** Whom to chase: customers with overdue invoices, on the tenant's calendar. */
export function createOverdueService(deps: { clock: Clock }) {
  return {
    async listSource(context: ServiceContext, query: ListOverdueQuery): Promise<ListSource<OverdueCustomer>> {
      const today = todayIn(context.terms.timezone, deps.clock.now());
      return listOverdueSource(context.db, context.scope, query, today, context.terms.decimals);
    },
  };
}

export type OverdueService = ReturnType<typeof createOverdueService>;
