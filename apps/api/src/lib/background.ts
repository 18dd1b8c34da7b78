import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Background work (a job, docs/billing.md) on the embedded database lets requests in between its queries.
 * PGlite runs a query inside the process and resolves it without a turn of the event loop, so a
 * long chain of queries (a billing run of thousands of invoices) would hold every HTTP request,
 * timer and socket until it ends (a bulk statements print once held it 231 s). Inside `inBackground`,
 * each query the PGlite client starts waits for one turn of the event loop first.
 */
const background = new AsyncLocalStorage<true>();

export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** One turn of the event loop when called from background work; nothing otherwise. */
export async function yieldToRequests(): Promise<void> {
  if (background.getStore()) await nextTurn();
}

/** Whether the caller runs inside `inBackground` (a job, a message sender): the statement counts of a request leave it out. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
