import { DIGIT_SYSTEMS } from '@meterline/contract/digits';
import { updateUserInputSchema } from '@meterline/contract/users';
import { z } from 'zod';

/** One's own details and digits ('' follows the tenant). A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS. */
export const profileDetailsSchema = updateUserInputSchema
  .pick({ first_name: true, last_name: true, phone: true, email: true })
  .extend({ digits: z.enum(['', ...DIGIT_SYSTEMS]) });
