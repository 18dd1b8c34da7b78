import { z } from 'zod';
import { idParamSchema } from '@meterline/contract/common';
import type { FastifyRequest } from 'fastify';
import { currencyDecimals, parseScaled, TAX_RATE_SCALE } from '@meterline/contract/money';
import { DEFAULT_DIGIT_SYSTEM, digitSystemOf, type DigitSystem } from '@meterline/contract/digits';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { DatabaseRegistry, Db, Executor } from '../db/client';
import { findServiceWithSettings, findSettings, type SettingsRow } from '../modules/config/config.repository';
import { conflict, notFound } from '../lib/http-errors';
import { tenantActorOf, type Actor } from '../plugins/request-context';
import type { ServiceScope } from './references';

/** Path parameters of `/api/services/{serviceId}/...` (a bad id is a 404, as the error handler answers). */
export const serviceParamsSchema = z.object({ serviceId: idParamSchema });
export const serviceItemParamsSchema = z.object({ serviceId: idParamSchema, id: idParamSchema });

/** The tenant and the service every billing repository function takes first. */
export type { ServiceScope };

/** What money and dates need from the tenant's settings. */
export interface TenantTerms {
  currency: string;
  decimals: number;
  /** Percent scaled by 10^TAX_RATE_SCALE ("11.000" -> 11000n). */
  taxRate: bigint;
  timezone: string;
  invoicePrefix: string;
  invoiceDueDays: number;
  /** Volts: a reading's plausibility limit. */
  voltage: number;
  /** A subscription open for part of a month pays its monthly fee by days. */
  proratePartialMonths: boolean;
  /** How many days back a reading or a payment may be dated. */
  backdateDays: number;
  /** Collectors may take cash payments (docs/collectors.md). */
  collectorsTakePayments: boolean;
  /** The optional second currency (docs/money-and-numbering.md) and each currency's cash step in its minor units. */
  secondCurrency: string | null;
  cashSteps: Record<string, bigint>;
  /** Digits on Arabic screens and documents for users who chose none (docs/web.md, "Digits"). */
  defaultDigits: DigitSystem;
  /** A new customer's language when none is given (docs/notifications.md): the tenant's reminder language. */
  customerLanguage: 'en' | 'ar';
}

export interface ServiceContext {
  db: Db;
  scope: ServiceScope;
  actor: Actor & { tenantId: number; dbAlias: string };
  terms: TenantTerms;
  /** `nameAr`: the service's Arabic name ('' when none), for documents printed in Arabic (`serviceNameIn`). */
  service: { id: number; name: string; nameAr: string; unit: string; isMetered: boolean; maxConsumptionPerDay: string | null };
}

export function termsFrom(row: SettingsRow | null): TenantTerms {
  const currency = row?.currency ?? 'USD';
  return {
    currency,
    decimals: currencyDecimals(currency),
    taxRate: parseScaled(row?.taxRate ?? '0', TAX_RATE_SCALE) ?? 0n,
    // Checked here, so an unknown zone in the settings never reaches SQL's `at time zone`.
    timezone: safeTimezone(row?.timezone || 'UTC'),
    invoicePrefix: row?.invoicePrefix || 'INV',
    invoiceDueDays: row?.invoiceDueDays ?? 15,
    voltage: row?.voltage ?? 230,
    proratePartialMonths: row?.proratePartialMonths ?? true,
    backdateDays: row?.backdateDays ?? 31,
    collectorsTakePayments: row?.collectorsTakePayments ?? true,
    secondCurrency: row?.secondCurrency ?? null,
    cashSteps: Object.fromEntries(Object.entries(row?.cashRounding ?? {}).map(([code, step]) => [code, BigInt(step)])),
    defaultDigits: digitSystemOf(row?.defaultDigits) ?? DEFAULT_DIGIT_SYSTEM,
    customerLanguage: row?.reminderLanguage === 'ar' ? 'ar' : 'en',
  };
}

export async function findTenantTerms(executor: Executor, tenantId: number): Promise<TenantTerms> {
  return termsFrom(await findSettings(executor, { tenantId }));
}

/**
 * `/api/services/{serviceId}/...`: the service must belong to the caller's tenant (404 otherwise,
 * exactly like a service that does not exist); a disabled one answers reads and refuses writes (409
 * service_inactive). One query gives the service and the tenant's terms.
 */
export async function resolveServiceContext(
  databases: DatabaseRegistry,
  request: FastifyRequest,
  serviceId: number,
): Promise<ServiceContext> {
  const actor = tenantActorOf(request);
  const db = databases.get(actor.dbAlias);
  // The authentication's statement read them already when the tenant's data is in `default`.
  const read = request.signedInRows?.scope;
  const row =
    read && read.serviceId === serviceId
      ? read.service && { service: read.service, settings: read.settings }
      : await findServiceWithSettings(db, { tenantId: actor.tenantId, serviceId });
  if (!row) throw notFound();
  // A disabled service keeps its data readable (history, direct links) and refuses every new write.
  if (!row.service.isActive && request.method !== 'GET' && request.method !== 'HEAD') throw conflict(ERROR_CODES.serviceInactive);
  return serviceContextOf(db, actor, row);
}

type ServiceWithSettings = NonNullable<Awaited<ReturnType<typeof findServiceWithSettings>>>;

function serviceContextOf(db: Db, actor: ServiceContext['actor'], row: Pick<ServiceWithSettings, 'service' | 'settings'>): ServiceContext {
  return {
    db,
    scope: { tenantId: actor.tenantId, serviceId: row.service.id },
    actor,
    terms: termsFrom(row.settings),
    service: {
      id: row.service.id,
      name: row.service.name,
      nameAr: row.service.nameAr,
      unit: row.service.unit,
      isMetered: row.service.isMetered,
      maxConsumptionPerDay: row.service.maxConsumptionPerDay,
    },
  };
}

/**
 * The same context outside a request (a job run by the queue, docs/billing.md): the actor who started it,
 * as the request that started it saw them, and the service checked again to be the tenant's (404
 * when it is gone). A disabled service refuses the job like it refuses a write.
 */
export async function serviceContextFor(
  databases: DatabaseRegistry,
  actor: Actor & { tenantId: number; dbAlias: string },
  serviceId: number,
): Promise<ServiceContext> {
  const db = databases.get(actor.dbAlias);
  const row = await findServiceWithSettings(db, { tenantId: actor.tenantId, serviceId });
  if (!row) throw notFound();
  if (!row.service.isActive) throw conflict(ERROR_CODES.serviceInactive);
  return serviceContextOf(db, actor, row);
}

/**
 * One date formatter per valid zone, made once (building an `Intl.DateTimeFormat` costs more than
 * the rest of a request's scope; docs/performance.md). Only zones Intl accepts are kept, at most
 * `MAX_FORMATTERS` (Intl accepts any letter case of a zone's name, so the names are not bounded).
 */
const MAX_FORMATTERS = 1000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timezone: string): Intl.DateTimeFormat | null {
  const known = dayFormatters.get(timezone);
  if (known) return known;
  try {
    const made = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormatters.size < MAX_FORMATTERS) dayFormatters.set(timezone, made);
    return made;
  } catch {
    return null;
  }
}

/** Today's date (YYYY-MM-DD) in the tenant's timezone: due dates, overdue and "this month" use it. */
export function todayIn(timezone: string, now: Date): string {
  return dayFormatter(timezone)?.format(now) ?? now.toISOString().slice(0, 10);
}

/** A valid IANA zone for SQL `at time zone` (an unknown zone would be a database error). */
export function safeTimezone(timezone: string): string {
  return dayFormatter(timezone) ? timezone : 'UTC';
}

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Tenant-wide billing calls (transactions, statistics): the tenant's database and terms. */
export interface TenantContext {
  db: Db;
  tenantId: number;
  actor: Actor & { tenantId: number; dbAlias: string };
  terms: TenantTerms;
}

export async function resolveTenantContext(databases: DatabaseRegistry, request: FastifyRequest): Promise<TenantContext> {
  const actor = tenantActorOf(request);
  const db = databases.get(actor.dbAlias);
  const read = request.signedInRows?.scope;
  return { db, tenantId: actor.tenantId, actor, terms: read ? termsFrom(read.settings) : await findTenantTerms(db, actor.tenantId) };
}
