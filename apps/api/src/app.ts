import { hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { LOGO_MAX_BYTES } from '@meterline/contract/config';
import type { Config } from './config';
import type { DatabaseRegistry, Db } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { createMetrics } from './lib/metrics';
import { createPasswordHasher } from './lib/password';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAddressService } from './modules/addresses/addresses.service';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import type { LimiterStore } from './lib/throttle';
import { createTokenService } from './modules/auth/tokens';
import { configRoutes } from './modules/config/config.routes';
import { createConfigService } from './modules/config/config.service';
import { mediaRoutes } from './modules/media/media.routes';
import { getOrCreateSecret } from './modules/secrets/secrets.repository';
import { createPublicBillService } from './modules/public-bills/public-bills.service';
import { publicBillRoutes, publicLinkRoutes } from './modules/public-bills/public-bills.routes';
import { createPublicLinkSigner, type PublicLinkSigner } from './lib/public-link';
import { publicBillUrlFor } from './modules/public-bills/index';
import { createLimiter } from './lib/throttle';
import { serviceRoutes } from './modules/services/services.routes';
import { tenantUserRoutes } from './modules/tenants/tenant-users.routes';
import { tenantRoutes } from './modules/tenants/tenants.routes';
import { createTenantService } from './modules/tenants/tenants.service';
import { createBundleService } from './modules/bundles/bundles.service';
import { bundleRoutes } from './modules/bundles/bundles.routes';
import { createCustomerService } from './modules/customers/customers.service';
import { customerRoutes } from './modules/customers/customers.routes';
import { createCustomerImportService, type CustomerImportService } from './modules/customer-import/customer-import.service';
import { refuseDeclaredPermissionsOutsideTheScope, registerServiceScope } from './scope/service-routes';
import { customerImportJob } from './modules/customer-import/customer-import-job';
import { customerImportRoutes } from './modules/customer-import/customer-import.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { createIdempotency } from './modules/idempotency/idempotency';
import { createJobService, heartbeatOptions, type JobService } from './modules/jobs/jobs.service';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { createExportFiles } from './modules/exports/export-files';
import { exportJob } from './modules/exports/export-job';
import { exportRoutes } from './modules/exports/exports.routes';
import { createCsvLists } from './scope/csv-lists';
import { createHealthService } from './modules/health/health.service';
import { healthRoutes } from './modules/health/health.routes';
import { billingRunJob } from './modules/invoices/billing-run-job';
import { statementsJob } from './modules/account/statements-job';
import { createInvoiceService, type InvoiceService } from './modules/invoices/invoices.service';
import { applyCustomerCredit } from './modules/account/credit';
import { planLateFees } from './modules/account/late-fees';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { createInvoiceMessageService } from './modules/invoices/invoice-messages.service';
import { createPdfPrinter, type PdfPrinter } from './modules/invoices/pdf-printer';
import { cashRoutes, paymentReceiptRoutes } from './modules/cash/cash.routes';
import { createCashService } from './modules/cash/cash.service';
import { createPaymentService } from './modules/payments/payments.service';
import { invoicePaymentRoutes, paymentRoutes } from './modules/payments/payments.routes';
import { createStationService } from './modules/stations/stations.service';
import { stationRoutes } from './modules/stations/stations.routes';
import { createTariffService } from './modules/tariffs/tariffs.service';
import { tariffRoutes } from './modules/tariffs/tariffs.routes';
import { createExchangeRateService } from './modules/exchange-rates/exchange-rates.service';
import { exchangeRateRoutes } from './modules/exchange-rates/exchange-rates.routes';
import { createOverdueService } from './modules/overdue/overdue.service';
import { overdueRoutes } from './modules/overdue/overdue.routes';
import { createDisconnectionNotices } from './modules/overdue/disconnection-notices';
import {
  createNotificationService,
  createQueuedSender,
  createReceiptNotifier,
  createSealer,
  DEFAULT_RETRY_POLICY,
  sendBillsJob,
  type RetryPolicy,
  type Sealer,
} from './modules/notifications/index';
import { notificationRoutes, notificationServiceRoutes } from './modules/notifications/notifications.routes';
import { createRouteService } from './modules/routes/routes.service';
import { routeRoutes } from './modules/routes/routes.routes';
import { createLedgerService } from './modules/ledger/ledger.service';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import {
  accountRoutes,
  creditNoteDetailRoutes,
  creditNotePdfRoutes,
  creditNoteRoutes,
  jobDocumentRoutes,
  statementRoutes,
} from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createStatementService, type StatementService } from './modules/account/statement.service';
import { createSubscriptionService } from './modules/subscriptions/subscriptions.service';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { createStatisticsService } from './modules/statistics/statistics.service';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { createTransactionService } from './modules/transactions/transactions.service';
import { transactionRoutes } from './modules/transactions/transactions.routes';
import { createUserService } from './modules/users/users.service';
import { userRoutes } from './modules/users/users.routes';
import { admission, createAdmissionQueue } from './plugins/admission';
import { authenticate } from './plugins/authenticate';
import { answerClientError, answerFrameworkError, errorHandler } from './plugins/error-handler';
import { requestLanguage } from './plugins/request-context';
import { notFound } from './lib/http-errors';
import { inputGuard } from './plugins/input-guard';
import { prometheusMetrics } from './plugins/metrics';
import { requestId, requestIdOf } from './plugins/request-id';
import { securityHeaders } from './plugins/security-headers';
import { createOutboxReminderChannel, type ReminderChannel } from './lib/reminder-channel';

export interface AppDependencies {
  config: Config;
  databases: DatabaseRegistry;
  clock?: Clock;
  mailer?: Mailer;
  /** How overdue reminders leave (default: text files in the outbox folder). */
  reminderChannel?: ReminderChannel;
  /** Messages' retries and the providers' time-out (docs/notifications.md); tests pass short ones. */
  notifications?: { retry?: RetryPolicy; timeoutMs?: number };
  /** Fastify's logger: JSON lines on stdout at `config.logLevel` unless told otherwise (tests: off, or a stream). */
  logger?: FastifyServerOptions['logger'];
  /** The job queue (default: pg-boss in `default`); a test passes its own to stop it. */
  jobs?: JobService;
  /** Sees every route as it is registered (the tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** The app's job queue on `default`: its failures logged and counted, the heartbeat's threshold from the config. */
function appJobService(
  app: FastifyInstance,
  config: Config,
  databases: DatabaseRegistry,
  metrics: ReturnType<typeof createMetrics> | null,
): JobService {
  return createJobService({
    database: databases.database('default'),
    log: (message, error) => app.log.error({ err: error }, message),
    onFailed: (kind) => metrics?.jobFailed(kind),
    heartbeat: heartbeatOptions(config.jobStaleAfterSeconds),
  });
}

/**
 * Each job kind's work (docs/billing.md, "Jobs"): registered before the queue starts (onReady), and the
 * done statements' document route. Answers
 * the service's CSV lists, filled by their routes, and the exports' files (docs/billing.md, "Exports").
 */
async function handleJobKinds(
  app: FastifyInstance,
  jobs: JobService,
  deps: { invoices: InvoiceService; statements: StatementService; imports: CustomerImportService; databases: DatabaseRegistry },
  more: { printer: PdfPrinter; config: Config },
) {
  jobs.handle('billing_run', billingRunJob({ invoices: deps.invoices, databases: deps.databases }));
  jobs.handle('statements', statementsJob({ statements: deps.statements, databases: deps.databases }));
  jobs.handle('customer_import', customerImportJob({ imports: deps.imports, databases: deps.databases }));
  const csvLists = createCsvLists();
  const exportFiles = createExportFiles(more.config.exportsDir);
  jobs.handle('export', exportJob({ lists: csvLists, databases: deps.databases, files: exportFiles }));
  await app.register(jobDocumentRoutes, { prefix: '/api/jobs', jobs, printer: more.printer });
  return { csvLists, exportFiles };
}

/** Plugins first, then each module with its dependencies, in order and visibly. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, databases } = deps;
  const clock = deps.clock ?? systemClock;
  const db = databases.default;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // X-Forwarded-For counts only from the configured proxy (TRUST_PROXY); by default nobody's.
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Request ids (`reqId` in logs, audit rows, X-Request-Id): the caller's sane one, else a UUID.
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: false },
    // Refusals before routing, in the API's shape and without echoing the request (docs/api.md).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  await app.register(requestId);
  // Prometheus metrics (docs/operations.md): measured only when METRICS_TOKEN is set.
  const metrics = config.metricsToken ? createMetrics() : null;
  await app.register(prometheusMetrics, { token: config.metricsToken, metrics });
  // PostgreSQL: requests take turns at the database, the pool's size at a time (busy is not down).
  // PGlite has one connection that serialises every statement itself.
  const isPostgres = databases.database('default').kind === 'postgres';
  await app.register(admission, {
    queue: isPostgres
      ? createAdmissionQueue({ limit: config.pool.size, timeoutMs: config.pool.queueTimeoutMs, maxWaiting: config.pool.queueMax })
      : null,
  });
  await app.register(inputGuard);
  await app.register(securityHeaders);
  // Uploads (the settings logo): one file of 1 MB at most; the route reads the parts itself.
  await app.register(fastifyMultipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 31 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Meterline API', version: '1.0.0', description: 'Multi-tenant utility billing administration API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Fills components.schemas from the contract's `.meta({ id })` schemas that the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const secret = config.jwtSecret ?? (await getOrCreateSecret(db, 'jwt-signing-key'));
  if (Buffer.byteLength(secret) < 32)
    throw new Error('The token signing key must be at least 32 bytes (JWT_SECRET or app_secrets.jwt-signing-key).');
  await app.register(fastifyJwt, { secret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'], requiredClaims: ['exp'] } });

  const passwords = createPasswordHasher(config.argon2);
  const tokens = createTokenService({
    db,
    clock,
    accessTokenSeconds: config.accessTokenSeconds,
    refreshTokenSeconds: config.refreshTokenSeconds,
    sessionMaxSeconds: config.sessionMaxSeconds,
    refreshGraceSeconds: config.refreshGraceSeconds,
    jwt: {
      sign: (payload) => app.jwt.sign(payload),
      verify: <T>(token: string) => app.jwt.verify(token) as T,
    },
  });
  const limiterStore = limiterStoreOf(app, config, db);
  const auth = createAuthService({ db, tokens, passwords, limiterStore, clock, limits: config.loginLimits });
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
  // Reset links are signed with their own key, derived from the signing key (never the key itself).
  const resetKey = Buffer.from(hkdfSync('sha256', secret, 'meterline', 'password-reset-links', 32)).toString('base64url');
  const users = createUserService({
    databases,
    passwords,
    tokens,
    mailer,
    clock,
    secret: resetKey,
    publicUrl: config.publicUrl,
    limiterStore,
    resetLimits: config.resetLimits,
  });
  const tenants = createTenantService({ databases, clock });
  const settings = createConfigService({ databases, clock });
  const addresses = createAddressService({ databases });

  await app.register(authenticate, { tokens, databases });
  refuseDeclaredPermissionsOutsideTheScope(app);

  await app.register(authRoutes, { prefix: '/api/auth/jwt', auth, tokens, onSignInRefused: (code) => metrics?.signInRefused(code) });
  await app.register(userRoutes, { prefix: '/api/auth/users', users, db });
  await app.register(tenantRoutes, { prefix: '/api/tenants', tenants, db });
  await app.register(tenantUserRoutes, { prefix: '/api/tenants', tenants, users, db });
  await app.register(configRoutes, { prefix: '/api/config', config: settings });
  await app.register(mediaRoutes, { prefix: '/api/media', databases });
  await app.register(serviceRoutes, { prefix: '/api/services', databases });
  await app.register(addressRoutes, { prefix: '/api/regions', addresses });

  // Billing: every route under /api/services/{serviceId}/ checks the service is the caller's tenant's.
  const { publicLinks } = await registerPublicBills(app, { databases, clock, limiterStore, config });
  const customers = createCustomerService({ clock, publicLinks });
  const bundles = createBundleService({ clock });
  const stations = createStationService({ clock });
  const tariffs = createTariffService({ clock });
  const exchangeRates = createExchangeRateService({ clock });
  const idempotency = createIdempotency({ clock });
  // Onboarding (docs/tenants-and-settings.md): customers from a CSV file, and the new client's setup checklist.
  await app.register(onboardingRoutes, { prefix: '/api/onboarding', databases, db });
  const subscriptions = createSubscriptionService({ clock, defaultDb: db });
  const invoices = createInvoiceService({ clock, defaultDb: db, account: { applyCustomerCredit, planLateFees }, publicLinks });
  const payments = createPaymentService({ clock, defaultDb: db, publicLinks });
  // One Chromium for every printed invoice, launched on first use and closed with the app.
  const printer = createPdfPrinter({ chromiumPath: config.chromiumPath });
  app.addHook('onClose', async () => printer.close());
  // Long work runs as jobs on the queue (docs/billing.md): pg-boss in `default`, started when the app is
  // ready and stopped when it closes; each kind's work is registered here, so `jobs` imports no module.
  const jobs = deps.jobs ?? appJobService(app, config, databases, metrics);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  await app.register(jobRoutes, { prefix: '/api/jobs', jobs, db });
  // Operations (docs/operations.md): liveness and readiness without a token; the metrics' gauges read the pools and the queue.
  await app.register(healthRoutes, { prefix: '/api/health', health: createHealthService({ databases, jobs }) });
  metrics?.watch({
    pools: () =>
      databases.all().flatMap((database) => (database.connections ? [{ alias: database.alias, ...database.connections() }] : [])),
    queueDepths: () => jobs.queueDepths(),
    admission: () => app.admission?.state() ?? null,
  });
  // Collectors' cash and receipts (docs/collectors.md).
  const cash = createCashService({ clock, defaultDb: db, publicLinks });
  const reminderChannel = deps.reminderChannel ?? createOutboxReminderChannel({ outboxDir: config.outboxDir });
  // Reaching the household (docs/notifications.md): channels, templates, messages sent by jobs, "send all".
  const household = await registerNotifications(app, { deps, clock, mailer, jobs, reminderChannel, publicLinks });
  const { notifications, receipts, messages, notices, sender } = household;
  const overdue = createOverdueService({ clock, channel: reminderChannel, defaultDb: db, notifications, sender });
  const rounds = createRouteService({ clock, defaultDb: db, publicLinks });
  const ledger = createLedgerService({ clock });
  const account = createAccountService({ clock });
  const statements = createStatementService({ ledger, defaultDb: db, clock });
  const imports = createCustomerImportService({ clock });
  const { csvLists, exportFiles } = await handleJobKinds(app, jobs, { invoices, statements, imports, databases }, { printer, config });
  const transactions = createTransactionService({ clock, defaultDb: db });
  await app.register(transactionRoutes, { prefix: '/api/transaction', transactions, databases, idempotency });
  const statistics = createStatisticsService({ clock, defaultDb: db });
  await app.register(statisticsRoutes, { prefix: '/api/statistics', statistics, databases });
  await app.register(auditRoutes, { prefix: '/api/audit', databases });

  // Every route under /api/services/{serviceId}/: each declares its permission, the scope signs the
  // caller in, checks it and resolves the service (the caller's tenant's) once (scope/service-routes.ts).
  await registerServiceScope(app, databases, async (scope) => {
    await scope.register(customerRoutes, { prefix: '/customers', customers, csvLists });
    await scope.register(bundleRoutes, { prefix: '/bundles', bundles, csvLists });
    await scope.register(stationRoutes, { prefix: '/stations', stations, csvLists });
    await scope.register(tariffRoutes, { prefix: '/tariffs', tariffs, csvLists });
    await scope.register(exchangeRateRoutes, { prefix: '/exchange-rates', exchangeRates, csvLists });
    await scope.register(customerImportRoutes, { prefix: '/customers', imports, idempotency, jobs });
    await scope.register(subscriptionRoutes, { prefix: '/subscriptions', subscriptions, idempotency, csvLists });
    await scope.register(invoiceRoutes, { prefix: '/invoices', invoices, idempotency, printer, jobs, csvLists });
    await scope.register(invoicePaymentRoutes, { prefix: '/invoices', payments, idempotency, receipts });
    await scope.register(paymentRoutes, { prefix: '/payments', payments, csvLists });
    await scope.register(cashRoutes, { prefix: '/cash', cash, idempotency });
    await scope.register(paymentReceiptRoutes, { prefix: '/payments', cash, printer });
    await scope.register(overdueRoutes, { prefix: '/overdue', overdue, printer, csvLists, notices });
    await scope.register(routeRoutes, { prefix: '/routes', routes: rounds, csvLists });
    await scope.register(ledgerRoutes, { prefix: '/customers', ledger });
    await scope.register(accountRoutes, { prefix: '/customers', account, idempotency });
    await scope.register(creditNoteRoutes, { prefix: '/invoices', account, idempotency });
    await scope.register(creditNoteDetailRoutes, { prefix: '/credit-notes', account });
    await scope.register(statementRoutes, { prefix: '', statements, printer, jobs });
    await scope.register(creditNotePdfRoutes, { prefix: '/credit-notes', statements, printer });
    await scope.register(notificationServiceRoutes, { prefix: '', notifications, jobs, messages });
    await scope.register(exportRoutes, { prefix: '/exports', jobs, lists: csvLists, files: exportFiles });
  });

  await registerWebApp(app, config.webDist);
  return app;
}

/** Where attempts are counted (lib/throttle.ts): Redis when REDIS_URL is set, else the `default` database. */
function limiterStoreOf(app: FastifyInstance, config: Config, db: Db): LimiterStore {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  return redis ? { kind: 'redis', redis } : { kind: 'database', db };
}

/**
 * "Check my bill" (docs/security.md, "The public bill link"): the page behind the QR of every invoice
 * and receipt, open without signing in (rate-limited per client address), its links signed with a key
 * of their own; the office's new link is a route of the service scope like any other.
 */
async function registerPublicBills(
  app: FastifyInstance,
  deps: { databases: DatabaseRegistry; clock: Clock; limiterStore: LimiterStore; config: Config },
) {
  const { databases, config } = deps;
  const publicLinks = createPublicLinkSigner(await getOrCreateSecret(databases.default, 'public-bill-link-key'), config.publicUrl);
  const publicBills = createPublicBillService({ databases, signer: publicLinks, clock: deps.clock });
  const limiter = createLimiter(deps.limiterStore, { name: 'public-bill', points: config.publicBillLimit, windowSeconds: 60 });
  await app.register(publicBillRoutes, { prefix: '/api/public/bills', publicBills, limiter });
  await registerServiceScope(app, databases, async (scope) => {
    await scope.register(publicLinkRoutes, { prefix: '/customers', publicBills });
  });
  return { publicLinks, publicBills };
}

/** The notifications module (docs/notifications.md): its service, the `send_bills` job, the receipts' notifier and its routes. */
async function registerNotifications(
  app: FastifyInstance,
  options: {
    deps: AppDependencies;
    clock: Clock;
    mailer: Mailer;
    jobs: JobService;
    reminderChannel: ReminderChannel;
    publicLinks: PublicLinkSigner;
  },
) {
  const { deps, clock, mailer, jobs } = options;
  const messages = createInvoiceMessageService({ clock, channel: options.reminderChannel });
  const { config, databases } = deps;
  const db = databases.default;
  let sealing: Promise<Sealer> | null = null;
  const sealer = () => (sealing ??= getOrCreateSecret(db, 'notification-credentials').then(createSealer));
  const notifications = createNotificationService({
    clock,
    publicUrl: config.publicUrl,
    billLink: (tenantId, recipient) =>
      publicBillUrlFor(options.publicLinks, { tenantId, id: recipient.customerId, publicLinkVersion: recipient.publicLinkVersion }),
    sealer,
    retry: deps.notifications?.retry ?? DEFAULT_RETRY_POLICY,
    adapters: { mailer, outboxDir: config.outboxDir, timeoutMs: deps.notifications?.timeoutMs ?? 15_000 },
  });
  jobs.handle('send_bills', sendBillsJob({ notifications, databases }));
  const log = (message: string, error: unknown) => app.log.error({ err: error }, message);
  // Receipts, reminders and disconnection notices are queued by their request and sent after it.
  const sender = createQueuedSender({ notifications, log });
  const receipts = createReceiptNotifier({ notifications, sender, log });
  app.addHook('onClose', async () => receipts.drain());
  await app.register(notificationRoutes, {
    prefix: '/api/notifications',
    notifications,
    databases,
    defaultDb: db,
    sealer,
    now: () => clock.now(),
  });
  return { notifications, receipts, messages, sender, notices: createDisconnectionNotices({ clock, notifications, sender }) };
}

/** Hashed build files never change under their name: cached for a year; anything else is revalidated. */
export function cacheControlFor(relativePath: string): string {
  const original = relativePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  return /^assets\/.+-[\w-]{8,}\.\w+$/.test(original) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Unknown API paths answer a JSON 404. In production the API also serves the built web app: any
 * other GET gets the SPA's index, so deep links (/dashboard, /reset-password/...) work.
 */
async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasWebApp = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(webDist, filePath)));
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    if (!hasWebApp || request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.code(404).send(notFound().render(requestLanguage(request)));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
