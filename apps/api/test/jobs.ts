import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { GenerateInvoicesResult } from '@meterline/contract/invoices';
import type { Job } from '@meterline/contract/jobs';
import type { Client } from './harness';

/** A wait ends only when the job stops moving: no new state or progress for this long (never a speed limit). */
const STALL_MS = 120_000;
const FINISHED = new Set(['done', 'failed', 'cancelled']);

/**
 * Reads `GET /api/jobs/{id}/` until the job has finished (or `until` says so). It fails only when
 * the job makes no progress for STALL_MS: however slow the machine, a moving job is waited for.
 */
export async function waitForJob(
  client: Client,
  id: number,
  until: (job: Job) => boolean = (job) => FINISHED.has(job.state),
): Promise<Job> {
  let lastSeen = '';
  let movedAt = Date.now();
  for (;;) {
    const response = await client.get(`/api/jobs/${id}/`);
    expect(response.statusCode).toBe(200);
    const job = response.json() as Job;
    if (until(job)) return job;
    const seen = `${job.state} ${job.progress.done}/${job.progress.total}`;
    if (seen !== lastSeen) {
      lastSeen = seen;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > STALL_MS) {
      throw new Error(`job ${id} made no progress for ${STALL_MS / 1000} s: ${JSON.stringify(job)}`);
    }
    await sleep(25);
  }
}

/** A real billing run: posted (202 with its job), waited for, and its report (the job's result) answered. */
export async function runBillingJob(client: Client, url: string, body: unknown): Promise<GenerateInvoicesResult> {
  const response = await client.post(url, body);
  expect(response.statusCode, response.body).toBe(202);
  const job = await waitForJob(client, (response.json() as { job: Job }).job.id);
  expect(job, JSON.stringify(job)).toMatchObject({ kind: 'billing_run', state: 'done' });
  return job.result as GenerateInvoicesResult;
}

/** Bulk statements: started (202 with its job), waited for; the done job answered (its document at /api/jobs/{id}/file/). */
export async function runStatementsJob(client: Client, url: string, body: unknown): Promise<Job> {
  const response = await client.post(url, body);
  expect(response.statusCode, response.body).toBe(202);
  const job = await waitForJob(client, (response.json() as { job: Job }).job.id);
  expect(job, JSON.stringify(job)).toMatchObject({ kind: 'statements', state: 'done' });
  return job;
}
