import type { Role } from './roles';

/**
 * Who may void a reading (docs/billing.md, "Voiding a reading"), the API's rule written once for the screens: an admin or an
 * accountant any live reading, a collector only a reading they took today (`today` and the day of
 * `taken_at` both in the tenant's zone, as YYYY-MM-DD). The API still decides (latest, not billed).
 */
export function mayVoidReading(input: {
  role: Role | string;
  userId: number;
  reading: { kind: string; taken_by: number | null; voided_at: string | null };
  takenOn: string;
  today: string;
}): boolean {
  if (input.reading.kind !== 'reading' || input.reading.voided_at) return false;
  if (input.role === 'admin' || input.role === 'accountant') return true;
  return input.role === 'collector' && input.reading.taken_by === input.userId && input.takenOn === input.today;
}
