import { describe, expect, it } from 'vitest';
import { isPostgres } from '../../test/harness';
import { crashFigureLines, runCrashRounds } from './crash-rounds';

// A few rounds here (CI); `npm run test:crash` runs 20 per engine and prints the same figures.
describe('kill -9 during money writes', () => {
  it(`loses no acknowledged write, leaves no broken invoice or orphan payment, and starts again without repair (${isPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const figures = await runCrashRounds({
      engine: isPostgres ? 'postgres' : 'pglite',
      rounds: 2,
      writesPerRound: 25,
      postgresUrl: process.env.TEST_DATABASE_URL,
    });
    for (const line of crashFigureLines(figures)) console.info(line);
    expect(figures.kills).toBe(2);
    expect(figures.restartsWithoutRepair).toBe(2);
    expect(figures.acknowledgedInvoices).toBeGreaterThan(0);
    expect({
      lostInvoices: figures.lostInvoices,
      lostPayments: figures.lostPayments,
      totalDiffers: figures.invoicesTotalDiffersFromLines,
      orphanPayments: figures.orphanPayments,
      paidMismatch: figures.invoicesPaidMismatch,
      balances: figures.balancesMismatch,
      numbering: figures.numberingProblems,
    }).toEqual({ lostInvoices: 0, lostPayments: 0, totalDiffers: 0, orphanPayments: 0, paidMismatch: 0, balances: 0, numbering: 0 });
  });
});
