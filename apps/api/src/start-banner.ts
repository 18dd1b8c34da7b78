import type { Config } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** What `npm start` prints once it listens: where, on which database, and what the demo accounts are. */
export function startBanner(config: Config, options: { seconds: string; seeded: boolean }): string {
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Meterline is running on http://${LOCAL_HOSTS.has(config.host) ? 'localhost' : config.host}:${config.port}  (ready in ${options.seconds} s, ${database})`,
    `API documentation: http://localhost:${config.port}/api/docs`,
    LOCAL_HOSTS.has(config.host)
      ? `Listening on ${config.host} only: set HOST (e.g. HOST=0.0.0.0) to be reachable from other machines.`
      : `Listening on ${config.host}: reachable from other machines.`,
  ];
  if (!config.databaseUrl) lines.push('Backup while it runs: npm run backup (restore: npm run restore -- <file>, with Meterline stopped).');
  if (config.seedDemo) {
    if (options.seeded) lines.push('Demo data was created on this first run.');
    lines.push(`Demo sign-ins (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((account) => account.username).join(', ')}`);
    lines.push('These demo accounts exist only in this embedded demo database; a PostgreSQL deployment (DATABASE_URL) never gets them.');
  }
  return lines.join('\n');
}
