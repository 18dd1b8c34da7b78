import { setPasswordInputSchema } from '@meterline/contract/auth';
import { z } from 'zod';

/** The contract's body with the new password typed twice ({mismatch}: the message when they differ). A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS. */
export function changePasswordSchema(mismatch: string) {
  return setPasswordInputSchema.extend({ repeat_password: z.string() }).refine((values) => values.new_password === values.repeat_password, {
    path: ['repeat_password'],
    message: mismatch,
  });
}
