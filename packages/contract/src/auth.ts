import { z } from 'zod';

import { PASSWORD_MIN_LENGTH, type TokenCreateInput, type TokenPair } from './session';

export {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  ACCESS_TOKEN_STORAGE_KEY,
  PASSWORD_MIN_LENGTH,
  REFRESH_TOKEN_LIFETIME_SECONDS,
  REFRESH_TOKEN_STORAGE_KEY,
  type AccessTokenClaims,
  type TokenCreateInput,
  type TokenPair,
} from './session';

export const tokenCreateInputSchema: z.ZodType<TokenCreateInput> = z.object({
  username: z.string({ message: 'This field is required.' }).trim().min(1, { message: 'This field may not be blank.' }),
  password: z.string({ message: 'This field is required.' }).min(1, { message: 'This field may not be blank.' }),
  otp: z.string().trim().optional(),
});

export const tokenPairSchema: z.ZodType<TokenPair> = z.object({ access: z.string(), refresh: z.string() });

export const tokenRefreshInputSchema = z.object({ refresh: z.string({ message: 'This field is required.' }).min(1) });
export const tokenVerifyInputSchema = z.object({ token: z.string({ message: 'This field is required.' }).min(1) });
export const tokenLogoutInputSchema = z.object({ refresh: z.string().optional() });


export const passwordSchema = z
  .string({ message: 'This field is required.' })
  .min(PASSWORD_MIN_LENGTH, { message: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(128, { message: 'Ensure this field has no more than 128 characters.' })
  .refine((value) => !/^\d+$/.test(value), { message: 'This password is entirely numeric.' });

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
  code: z.string({ message: 'This field is required.' }).trim().min(6, { message: 'Enter the 6-digit code.' }),
});
