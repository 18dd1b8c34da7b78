import { formatScaled, parseScaled, QUANTITY_SCALE } from '@meterline/contract/money-format';

/** value − previous in exact decimals (readings are numeric(14,3)); null when there is no previous. */
export function readingDifference(value: string, previous: string | null): string | null {
  if (previous === null) return null;
  const current = parseScaled(value, QUANTITY_SCALE);
  const before = parseScaled(previous, QUANTITY_SCALE);
  if (current === null || before === null) return null;
  return formatScaled(current - before, QUANTITY_SCALE);
}
