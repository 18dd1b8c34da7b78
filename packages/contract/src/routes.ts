import { z } from 'zod';
import { calendarDateSchema, decimalSchema, idInputSchema, textInput } from './billing-common';
import { dateSchema, idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedSchema } from './pagination';

export { routeAssignmentListSpec, routeListSpec } from './list-specs';

/**
 * Route sheets (docs/collectors.md): the round of a day for a collector, building by building, and
 * what happened at each door. The regions and stations a collector walks are assigned per service.
 */

/** What a collector records at a door when neither a reading nor a payment says it. */
export const VISIT_OUTCOMES = ['absent', 'refused', 'no_access', 'promised'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

export const visitOutcomeSchema = z.enum(VISIT_OUTCOMES);

/** The collect task of a customer on the day: paid in full, in part, or not yet (null). */
export const PAYMENT_PROGRESS = ['paid', 'partly_paid'] as const;

/** One customer of a building on the round: what to do and what was done. */
export const routeCustomerSchema = z
  .object({
    customer: idSchema,
    customer_code: z.string(),
    customer_name: z.string(),
    phone: z.string(),
    floor: z.string(),
    apartment: z.string(),
    /** The open subscription (its meter), null without one. */
    subscription: idSchema.nullable(),
    counter: decimalSchema.nullable(),
    /** A reading is due: a metered service, an open subscription, no reading yet this month. */
    to_read: z.boolean(),
    /** A reading was taken this month (up to the day of the round). */
    read: z.boolean(),
    /** What the customer owes now. */
    balance: moneySchema,
    /** Money is due and nothing was paid on the day. */
    to_collect: z.boolean(),
    /** Paid on the day of the round. */
    paid_today: moneySchema,
    payment: z.enum(PAYMENT_PROGRESS).nullable(),
    /** The last visit recorded on the day (null: none). */
    outcome: visitOutcomeSchema.nullable(),
    note: z.string(),
    visited_at: timestampSchema.nullable(),
    /** Nothing left to do, or a visit closed the door for the day. */
    is_done: z.boolean(),
  })
  .meta({ id: 'RouteCustomer' });
export type RouteCustomer = z.infer<typeof routeCustomerSchema>;

/** Counts of one building (or the whole round). */
export const routeProgressSchema = z.object({
  customers: z.number().int(),
  done: z.number().int(),
  to_read: z.number().int(),
  read: z.number().int(),
  to_collect: z.number().int(),
  paid: z.number().int(),
  partly_paid: z.number().int(),
  absent: z.number().int(),
  refused: z.number().int(),
  /** What the customers of the building owe now. */
  amount_due: moneySchema,
});
export type RouteProgress = z.infer<typeof routeProgressSchema>;

/** One building of the round. */
export const routeStopSchema = z
  .object({
    building: idSchema,
    building_name: z.string(),
    street: idSchema,
    street_name: z.string(),
    region: idSchema,
    region_name: z.string(),
    progress: routeProgressSchema,
  })
  .meta({ id: 'RouteStop' });
export type RouteStop = z.infer<typeof routeStopSchema>;

/** One building with its customers, floor by floor. */
export const routeBuildingSchema = routeStopSchema
  .extend({ date: dateSchema, collector: idSchema, customers: z.array(routeCustomerSchema) })
  .meta({ id: 'RouteBuilding' });
export type RouteBuilding = z.infer<typeof routeBuildingSchema>;

/** `?collector=` (a collector: themselves, the default) and `?date=` (default: today, the tenant's). */
export const routeQuerySchema = z.object({
  collector: idInputSchema.optional(),
  date: calendarDateSchema.optional(),
});
export type RouteQuery = z.infer<typeof routeQuerySchema>;

export const listRoutesQuerySchema = listQuerySchema.extend(routeQuerySchema.shape);
export type ListRoutesQuery = z.infer<typeof listRoutesQuerySchema>;
export const paginatedRouteStopsSchema = paginatedSchema(routeStopSchema);

/** `POST .../routes/visits/ {customer, outcome, note}` */
export const createVisitInputSchema = z.object({
  customer: idInputSchema,
  outcome: visitOutcomeSchema,
  note: textInput(1000).optional().default(''),
});
export type CreateVisitInput = z.input<typeof createVisitInputSchema>;

export const routeVisitSchema = z
  .object({
    id: idSchema,
    customer: idSchema,
    outcome: visitOutcomeSchema,
    note: z.string(),
    visited_on: dateSchema,
    visited_at: timestampSchema,
    visited_by: idSchema.nullable(),
    visited_by_name: z.string().nullable(),
  })
  .meta({ id: 'RouteVisit' });
export type RouteVisit = z.infer<typeof routeVisitSchema>;

/** A region or a station of the service assigned to a collector. */
export const routeAssignmentSchema = z
  .object({
    id: idSchema,
    service: idSchema,
    collector: idSchema,
    collector_name: z.string(),
    region: idSchema.nullable(),
    region_name: z.string().nullable(),
    station: idSchema.nullable(),
    station_name: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'RouteAssignment' });
export type RouteAssignment = z.infer<typeof routeAssignmentSchema>;

/** `{collector, region}` or `{collector, station}`: exactly one of the two. */
export const createRouteAssignmentInputSchema = z.object({
  collector: idInputSchema,
  region: idInputSchema.nullable().optional(),
  station: idInputSchema.nullable().optional(),
});
export type CreateRouteAssignmentInput = z.input<typeof createRouteAssignmentInputSchema>;

export const listRouteAssignmentsQuerySchema = listQuerySchema.extend({ collector: idInputSchema.optional() });
export type ListRouteAssignmentsQuery = z.infer<typeof listRouteAssignmentsQuerySchema>;
export const paginatedRouteAssignmentsSchema = paginatedSchema(routeAssignmentSchema);
