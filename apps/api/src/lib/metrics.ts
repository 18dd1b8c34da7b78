import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { within } from './timeout';

/** What the gauges read when Prometheus scrapes (app.ts gives them once the databases and the queue exist). */
export interface MetricSources {
  /** The connection pool of each database that has one (PostgreSQL). */
  pools(): { alias: string; inUse: number; idle: number; waiting: number }[];
  /** Deliveries waiting in the job queue, per kind (rejects when the queue is not running). */
  queueDepths(): Promise<Record<string, number>>;
  /** Requests running and waiting for their turn at the database (plugins/admission.ts; null on PGlite). */
  admission(): { running: number; waiting: number } | null;
}

/** The job queue's depth is left out of a scrape when its count takes longer (the scrape stays fast). */
const QUEUE_DEPTH_TIMEOUT_MS = 1_000;

/** Latency buckets in seconds: the lists answer in milliseconds, a printed invoice in about a second. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics (docs/operations.md), in a registry of its own (never prom-client's global
 * one, so several apps in one test process do not collide). With several processes (node:cluster)
 * the primary sums them (`serveClusterMetrics`): counters and pools add up, the queue's depth is
 * the largest any process saw (they all count the same queue).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sources: MetricSources | null = null;
  const registers = [registry];
  if (cluster.isWorker) answerPrimary(registry);

  const requests = new Counter({
    name: 'meterline_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers,
  });
  const latency = new Histogram({
    name: 'meterline_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const signInRefusals = new Counter({
    name: 'meterline_sign_in_refusals_total',
    help: 'Sign-ins refused, by the refusal code (authentication_failed, throttled, tenant_blocked, otp_invalid, ...)',
    labelNames: ['reason'],
    registers,
  });
  const jobsFailed = new Counter({
    name: 'meterline_jobs_failed_total',
    help: 'Background jobs that ended failed, by kind',
    labelNames: ['kind'],
    registers,
  });
  new Gauge({
    name: 'meterline_api_processes',
    help: 'API processes whose metrics this answer holds',
    registers,
    collect() {
      this.set(1);
    },
  });
  const poolGauge = (name: string, help: string, read: (pool: ReturnType<MetricSources['pools']>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['alias'],
      registers,
      collect() {
        this.reset();
        for (const pool of sources?.pools() ?? []) this.set({ alias: pool.alias }, read(pool));
      },
    });
  for (const [name, help, read] of [
    ['meterline_requests_running', 'Requests holding a turn at the database (at most DATABASE_POOL_SIZE)', 'running'],
    ['meterline_requests_waiting', 'Requests waiting for their turn at the database (server_busy past the bound)', 'waiting'],
  ] as const) {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const state = sources?.admission();
        if (state) this.set(state[read]);
      },
    });
  }
  poolGauge('meterline_db_pool_in_use', 'PostgreSQL connections running a query, per database alias', (pool) => pool.inUse);
  poolGauge('meterline_db_pool_idle', 'PostgreSQL connections open and idle, per database alias', (pool) => pool.idle);
  poolGauge('meterline_db_pool_waiting', 'Queries waiting for a PostgreSQL connection, per database alias', (pool) => pool.waiting);
  new Gauge({
    name: 'meterline_job_queue_depth',
    help: 'Jobs waiting in the queue (queued or to retry), per kind; absent when the queue did not answer within 1 s',
    labelNames: ['kind'],
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      if (!sources) return;
      try {
        const depths = await within(sources.queueDepths(), QUEUE_DEPTH_TIMEOUT_MS);
        for (const [kind, depth] of Object.entries(depths)) this.set({ kind }, depth);
      } catch {
        // Not running, or slow: the series is absent from this scrape (the readiness check says why).
      }
    },
  });

  return {
    registry,
    /** Sources of the gauges, given once they exist. */
    watch(given: MetricSources) {
      sources = given;
    },
    /** One answered request; `route` is the route's pattern, never the URL. */
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requests.inc({ method, route, status_code: String(statusCode) });
      latency.observe({ method, route }, seconds);
    },
    signInRefused(reason: string) {
      signInRefusals.inc({ reason });
    },
    jobFailed(kind: string) {
      jobsFailed.inc({ kind });
    },
    /** The text a scrape answers: this process's metrics, or the cluster's when it is a worker of one. */
    async exposition(): Promise<string> {
      return cluster.isWorker ? askPrimary() : registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const ASK = 'meterline:metrics?';
const ANSWER = 'meterline:metrics!';
/** How long a worker waits for its primary's sum (the primary itself waits 5 s for each worker). */
const CLUSTER_TIMEOUT_MS = 10_000;

interface ClusterAnswer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

let asked = 0;

/**
 * A worker answers its primary's aggregator with this registry: prom-client listens for the
 * primary's requests once an AggregatorRegistry was made in the worker.
 */
function answerPrimary(registry: Registry): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** A worker asks its primary for the metrics of every process (prom-client's AggregatorRegistry). */
async function askPrimary(): Promise<string> {
  const id = (asked += 1);
  let listener: ((message: unknown) => void) | undefined;
  const answer = new Promise<string>((resolve, reject) => {
    listener = (message: unknown) => {
      const candidate = message as Partial<ClusterAnswer> | null;
      if (candidate?.type !== ANSWER || candidate.id !== id) return;
      if (typeof candidate.text === 'string') resolve(candidate.text);
      else reject(new Error(`cluster metrics: ${candidate.error ?? 'no answer'}`));
    };
    process.on('message', listener);
    process.send?.({ type: ASK, id });
  });
  try {
    return await within(answer, CLUSTER_TIMEOUT_MS);
  } finally {
    if (listener) process.off('message', listener);
  }
}

/**
 * In the primary of a cluster (server.ts): answers a worker's scrape with the sum of every
 * worker's metrics, so Prometheus scraping the one port sees the whole cluster whichever process
 * the connection reached.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    const request = message as { type?: unknown; id?: unknown } | null;
    if (request?.type !== ASK || typeof request.id !== 'number') return;
    const id = request.id;
    const reply = (answer: Omit<ClusterAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : 'failed' }),
    );
  });
}
