import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { PASSWORD_MIN_LENGTH, type TokenCreateInput, type TokenPair } from './session';

export { type AccessTokenClaims, type TokenCreateInput, type TokenPair } from './session';

export const tokenCreateInputSchema: z.ZodType<TokenCreateInput> = z.object({
  username: z
    .string({ message: 'This field is required.' })
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(150, { message: 'Ensure this field has no more than 150 characters.' }),
  password: z
    .string({ message: 'This field is required.' })
    .min(1, { message: 'This field may not be blank.' })
    .max(1024, { message: 'Ensure this field has no more than 1024 characters.' }),
  otp: z.string().trim().max(16, { message: 'Ensure this field has no more than 16 characters.' }).optional(),
});

export const tokenPairSchema: z.ZodType<TokenPair> = z.object({ access: z.string(), refresh: z.string() });

export const tokenRefreshInputSchema = z.object({ refresh: z.string({ message: 'This field is required.' }).min(1) });
export const tokenVerifyInputSchema = z.object({ token: z.string({ message: 'This field is required.' }).min(1) });
export const tokenLogoutInputSchema = z.object({ refresh: z.string().optional() });

export const passwordSchema = z
  .string({ message: 'This field is required.' })
  .min(PASSWORD_MIN_LENGTH, { message: ERROR_CODES.passwordTooShort })
  .max(128, { message: 'Ensure this field has no more than 128 characters.' })
  .refine((value) => !/^\d+$/.test(value), { message: ERROR_CODES.passwordNumeric });

export const resetPasswordInputSchema = z.object({ email: z.email({ message: 'Enter a valid email address.' }) });
export const resetPasswordConfirmInputSchema = z.object({
  uid: z.string().min(1, { message: 'This field may not be blank.' }),
  token: z.string().min(1, { message: 'This field may not be blank.' }),
  new_password: passwordSchema,
});
export const setPasswordInputSchema = z.object({
  current_password: z.string({ message: 'This field is required.' }).min(1, { message: 'This field may not be blank.' }),
  new_password: passwordSchema,
});
export const newPasswordSchema = z.object({ np: z.string() });
export const otpSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export const otpCodeInputSchema = z.object({
  code: z.string({ message: 'This field is required.' }).trim().min(6, { message: ERROR_CODES.otpCodeFormat }),
});
