import { createRouteAssignmentInputSchema } from '@meterline/contract/routes';
import { z } from 'zod';

/**
 * The form's values to the contract's body: only the chosen kind's id is sent. A module of its own:
 * imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS.
 */
export const assignmentFormSchema = z
  .object({ collector: z.string(), kind: z.enum(['region', 'station']), region: z.string(), station: z.string() })
  .transform((values) => ({
    collector: values.collector,
    region: values.kind === 'region' && values.region ? values.region : null,
    station: values.kind === 'station' && values.station ? values.station : null,
  }))
  // The contract's ids take text or numbers (its input type is `unknown`): the form sends text.
  .pipe(
    createRouteAssignmentInputSchema as z.ZodType<
      z.output<typeof createRouteAssignmentInputSchema>,
      { collector: string; region: string | null; station: string | null }
    >,
  );
