import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabases } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { createPasswordHasher } from './lib/password';

const startedAt = performance.now();
const config = loadConfig();
let databases: Awaited<ReturnType<typeof openDatabases>>;
try {
  databases = await openDatabases(config);
} catch (error) {
  console.error(`\nMeterline could not open its database: ${(error as Error).message}\n`);
  process.exit(1);
}
await databases.migrate();
const seeded = config.seedDemo ? await seedDemo(databases, createPasswordHasher(config.argon2)) : false;
const app = await buildApp({ config, databases });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  const timer = setTimeout(() => process.exit(1), 10_000);
  try {
    await app.close();
    await databases.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
console.log(`\nMeterline is running on http://localhost:${config.port}  (ready in ${seconds} s, ${database})`);
console.log(`API documentation: http://localhost:${config.port}/api/docs`);
if (config.seedDemo) {
  if (seeded) console.log('Demo data was created on this first run.');
  console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((account) => account.username).join(', ')}`);
}
