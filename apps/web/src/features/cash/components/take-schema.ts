import { decimalInputSchema } from '@meterline/contract/billing-common';
import { z } from 'zod';

/** The amount a collector takes. A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS. */
export const takeSchema = z.object({ amount: decimalInputSchema });
