/** A meter's reading and when it was taken: what a reading's audit row shows before and after. */
export interface MeterState {
  counter: string;
  counterUpdatedAt: Date | null;
}

/**
 * The audit row of a reading, a reset or a void (docs/security.md, "The audit log"): the reading
 * is the entity; before and after are the meter's reading and when it was taken (a reset's or a
 * void's `reason` has no before). The meter's History tab asks them by `?subscription=`.
 */
export function readingAudit(
  action: 'update_counter' | 'reset_counter' | 'void_reading',
  readingId: number,
  meter: MeterState,
  after: { counter: string; takenAt: Date | null; reason?: string },
) {
  const before = { counter: meter.counter, takenAt: meter.counterUpdatedAt, ...(after.reason === undefined ? {} : { reason: null }) };
  return { action, entity: 'reading', entityId: readingId, before, after };
}
