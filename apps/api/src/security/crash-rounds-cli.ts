import { crashFigureLines, runCrashRounds } from './crash-rounds';

/**
 * `npm run test:crash`: many kill -9 rounds on the embedded database and on PostgreSQL
 * (CRASH_ROUNDS, default 20; CRASH_WRITES per round, default 25; CRASH_ENGINES, default
 * "pglite,postgres"; PostgreSQL from TEST_DATABASE_URL or the local server). Exit 1 on any loss.
 */
const rounds = Number(process.env.CRASH_ROUNDS ?? 20);
const writesPerRound = Number(process.env.CRASH_WRITES ?? 25);
const engines = (process.env.CRASH_ENGINES ?? 'pglite,postgres').split(',').map((engine) => engine.trim()) as ('pglite' | 'postgres')[];
const seed = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : undefined;
let failed = false;
for (const engine of engines) {
  const started = Date.now();
  const figures = await runCrashRounds({
    engine,
    rounds,
    writesPerRound,
    seed,
    postgresUrl: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    log: (line) => console.log(`  ${engine} ${line}`),
  });
  for (const line of crashFigureLines(figures)) console.log(line);
  console.log(`crash-duration[${engine}]: seconds=${Math.round((Date.now() - started) / 1000)}`);
  failed ||=
    figures.lostInvoices +
      figures.lostPayments +
      figures.invoicesTotalDiffersFromLines +
      figures.orphanPayments +
      figures.invoicesPaidMismatch +
      figures.balancesMismatch +
      figures.numberingProblems >
      0 || figures.restartsWithoutRepair !== figures.kills;
}
process.exit(failed ? 1 : 0);
