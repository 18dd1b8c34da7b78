import type { z } from 'zod';
import type { Endpoint } from '@meterline/contract/endpoint';
import type { ExportListName } from '@meterline/contract/export-lists';
import type { CsvColumn, ListSource } from '../lib/list';
import type { ServiceContext } from './service-scope';

/**
 * A service's list that answers `?format=csv` (docs/billing.md, "Exports"): written once by its
 * route, which answers with it, and registered so that an export job reads the same rows with the
 * same filters, permission and columns.
 */
export interface CsvList<Q = never, T = never, Totals = unknown> {
  name: ExportListName;
  /** The list route's own permission (`list customer`): starting and downloading its export ask it too. */
  permission: Endpoint['permission'];
  /** The list's query schema (filters, search, ordering), as its route parses it. */
  query: z.ZodType<Q>;
  source: (context: ServiceContext, query: Q) => Promise<ListSource<T, Totals>>;
  csv: { filename: string; columns: CsvColumn<T>[] };
}

/** A list's definition, typed from its parts (a route file writes it beside its CSV columns). */
export function csvList<Q, T, Totals>(list: CsvList<Q, T, Totals>): CsvList<Q, T, Totals> {
  return list;
}

/** A list as the registry keeps it: its query and rows untyped (each list parses its own query). */
export type AnyCsvList = CsvList<unknown, unknown>;

/** The app's CSV lists by name, filled by the list routes as they are registered (`app.ts` makes one). */
export function createCsvLists() {
  const lists = new Map<ExportListName, AnyCsvList>();
  return {
    /** Registers the list (once per name) and answers it, for its route to answer with. */
    add<Q, T, Totals>(list: CsvList<Q, T, Totals>): CsvList<Q, T, Totals> {
      if (lists.has(list.name)) throw new Error(`the CSV list ${list.name} is registered twice`);
      lists.set(list.name, list as unknown as AnyCsvList);
      return list;
    },
    get(name: string): AnyCsvList | undefined {
      return lists.get(name as ExportListName);
    },
    names(): ExportListName[] {
      return [...lists.keys()];
    },
  };
}

export type CsvLists = ReturnType<typeof createCsvLists>;
