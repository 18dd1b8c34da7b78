/**
 * The two references `npm run bench` measures Meterline against, on the same machine and load:
 *   minimal  Fastify answering a constant JSON (the framework's floor, compared with users/me/)
 *   raw      Fastify + pg serving one indexed 25-row page of a tenant's invoices (the lists' floor)
 *
 *   node --import tsx bench/reference-servers.ts <minimal|raw> <port> [tenantId serviceId]
 */
import Fastify from 'fastify';
import pg from 'pg';

const [kind, portText, tenantText, serviceText] = process.argv.slice(2);
const app = Fastify({ logger: false });

if (kind === 'minimal') {
  app.get('/', async () => ({ id: 1, username: 'admin', role: 'admin' }));
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const tenantId = Number(tenantText);
  const serviceId = Number(serviceText);
  app.get('/', async () => {
    const { rows } = await pool.query(
      `select i.*, c.full_name, c.code from invoices i join customers c on c.id = i.customer_id
       where i.tenant_id = $1 and i.service_id = $2 order by i.issued_on desc, i.id desc limit 25`,
      [tenantId, serviceId],
    );
    return { count: rows.length, results: rows };
  });
  app.addHook('onClose', async () => pool.end());
}

await app.listen({ port: Number(portText), host: '127.0.0.1' });
console.log(`reference ${kind} on ${portText}`);
