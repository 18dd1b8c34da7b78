import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, HttpError, unprocessable } from '../../lib/http-errors';
import {
  claimIdempotencyKey,
  claimIdempotencyKeySql,
  completeIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
  type ClaimStatement,
} from './idempotency.repository';

/** A request still "in flight" after this long died before committing: its key may be taken over. */
const STALE_IN_FLIGHT_MS = 2 * 60 * 1000;

/**
 * Lets the money write store its answer on the key in its own transaction, so the payment and
 * the recorded answer commit (or roll back) together: a retry can never pay twice.
 */
export interface IdempotencyTicket {
  complete(executor: Executor, statusCode: number, body: unknown): Promise<void>;
  /**
   * For a write whose one statement stores the answer itself (a mark-paid's `meterline_record_payment`,
   * an account payment's `meterline_record_account_payment`, docs/performance.md): the key of the tenant's `idempotency_keys` row it updates, and `stored()`
   * once that statement ran in the write's transaction.
   */
  readonly key: string;
  stored(): void;
  /**
   * With `run(…, { claimInWrite: true })`: the claim's statement, which the write runs in its first
   * statement (a CTE) and which answers a row when it took the key. When it answered none (the key is
   * another request's), the write calls `taken()`, which throws: its transaction rolls back and
   * the key's usual path answers (the first answer, 422, or 409 while in flight). Null: claimed already.
   */
  readonly claim: ClaimStatement | null;
  taken(): never;
}

/** Thrown by `taken()`: the write's in-transaction claim found the key another request's. */
class KeyTaken extends Error {}

/** A refusal moves nothing and is the key's answer; a conflict (409) or a failure may be retried with the key. */
function isRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 409;
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export function requestFingerprint(route: string, body: unknown): string {
  // A file sent as the body (a CSV import) is hashed as its bytes.
  return createHash('sha256')
    .update(route)
    .update('\n')
    .update(Buffer.isBuffer(body) ? body : canonicalJson(body))
    .digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  const key = value.trim();
  if (!key || key.length > 255) throw fieldError('Idempotency-Key', ERROR_CODES.idempotencyKeyInvalid);
  return key;
}

/**
 * `Idempotency-Key` on a money write: the same key and body answer the first answer; the same key
 * with another body (or route, or user) is a 422; a key whose first request is still running is
 * a 409. Without the header the write simply runs.
 */
export function createIdempotency(deps: { clock: Clock }) {
  return {
    async run(
      request: FastifyRequest,
      reply: FastifyReply,
      target: { db: Db; tenantId: number; userId: number },
      write: (ticket: IdempotencyTicket | null) => Promise<{ statusCode: number; body: unknown }>,
      options: { claimInWrite?: boolean } = {},
    ): Promise<FastifyReply> {
      const key = keyOf(request);
      if (key === null) {
        const answer = await write(null);
        return reply.code(answer.statusCode).send(answer.body);
      }
      const route = `${request.method} ${request.url.split('?')[0]}`;
      const fingerprint = requestFingerprint(route, request.body);
      const { db, tenantId, userId } = target;
      const scope = { tenantId };
      const claim = { key, userId, route, requestHash: fingerprint, createdAt: deps.clock.now() };

      /**
       * The write with its ticket: an answer the write's transaction did not store (by `complete` or by
       * its own statement, `stored()`) is recorded right after it, then sent.
       */
      const ticketFor = (claimStatement: ClaimStatement | null, taken: () => never) => {
        let isStored = false;
        const ticket: IdempotencyTicket = {
          complete: async (executor, statusCode, body) => {
            await completeIdempotencyKey(executor, scope, key, statusCode, body);
            isStored = true;
          },
          key,
          stored: () => {
            isStored = true;
          },
          claim: claimStatement,
          taken,
        };
        const send = async () => {
          const answer = await write(ticket);
          if (!isStored) await ticket.complete(db, answer.statusCode, answer.body);
          return reply.code(answer.statusCode).send(answer.body);
        };
        return { ticket, send };
      };

      // The write claims the key itself, in its first statement (one round trip less: docs/api.md). A
      // refusal, or a key that is another request's, then goes the usual way below, where the key's
      // row decides; a conflict or a failure leaves nothing (the claim rolled back with the write).
      let refusal: HttpError | null = null;
      if (options.claimInWrite) {
        const inWrite = ticketFor(claimIdempotencyKeySql(scope, claim), () => {
          throw new KeyTaken();
        });
        try {
          return await inWrite.send();
        } catch (error) {
          if (!(error instanceof KeyTaken) && !isRefusal(error)) throw error;
          if (isRefusal(error)) refusal = error;
        }
      }

      const claimed = await claimIdempotencyKey(db, scope, claim);
      if (!claimed) {
        const existing = await findIdempotencyKey(db, scope, key);
        if (!existing) throw conflict(ERROR_CODES.idempotencyKeyInFlight);
        if (existing.requestHash !== fingerprint || existing.userId !== userId) {
          throw unprocessable(ERROR_CODES.idempotencyKeyReused);
        }
        if (existing.statusCode !== null) {
          return reply.code(existing.statusCode).header('idempotent-replayed', 'true').send(existing.response);
        }
        const isStale = deps.clock.now().getTime() - existing.createdAt.getTime() > STALE_IN_FLIGHT_MS;
        const takenOver = isStale && (await takeOverIdempotencyKey(db, scope, key, existing.createdAt, deps.clock.now()));
        if (!takenOver) throw conflict(ERROR_CODES.idempotencyKeyInFlight);
      }

      if (refusal) {
        // The write refused before this claim: its refusal is the key's first answer.
        await completeIdempotencyKey(db, scope, key, refusal.statusCode, refusal.body);
        throw refusal;
      }

      // Writes that do not complete the ticket in their transaction record the answer right after.
      const usual = ticketFor(null, () => {
        throw new Error('The key was claimed before the write: nothing to take');
      });
      try {
        return await usual.send();
      } catch (error) {
        if (isRefusal(error)) {
          // Nothing moved: the refusal is the first answer to this key.
          await usual.ticket.complete(db, error.statusCode, error.body);
        } else {
          // A conflict or a failure: nothing moved either, and the client may retry with the same key.
          await releaseIdempotencyKey(db, scope, key);
        }
        throw error;
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
