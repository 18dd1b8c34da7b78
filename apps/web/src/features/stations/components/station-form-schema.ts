import { decimalInputSchema } from '@meterline/contract/billing-common';
import { createStationInputSchema } from '@meterline/contract/stations';
import { z } from 'zod';

const optionalDecimal = z.preprocess((value) => (value === '' ? null : value), decimalInputSchema.nullable());

/**
 * The contract's create schema; empty capacity and coordinates mean "not known" (null).
 * A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS.
 */
export const stationFormSchema = createStationInputSchema.extend({
  capacity: optionalDecimal,
  latitude: optionalDecimal,
  longitude: optionalDecimal,
});
