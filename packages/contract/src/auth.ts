import { z } from 'zod';

export const ACCESS_TOKEN_STORAGE_KEY = 'serviceToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export const tokenCreateInputSchema = z.object({
  username: z.string({ message: 'This field is required.' }).trim().min(1, { message: 'This field may not be blank.' }),
  password: z.string({ message: 'This field is required.' }).min(1, { message: 'This field may not be blank.' }),
  otp: z.string().trim().optional(),
});
export type TokenCreateInput = z.infer<typeof tokenCreateInputSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const tokenRefreshInputSchema = z.object({ refresh: z.string({ message: 'This field is required.' }).min(1) });
export const tokenVerifyInputSchema = z.object({ token: z.string({ message: 'This field is required.' }).min(1) });
export const tokenLogoutInputSchema = z.object({ refresh: z.string().optional() });

/** Claims of our HS256 tokens. */
export interface AccessTokenClaims {
  token_type: 'access';
  user_id: number;
  tenant_id: number | null;
  role: string;
  /** user's token version: bumped on password or role change, deactivation. */
  ver: number;
  jti: string;
  exp: number;
  iat: number;
}

export const PASSWORD_MIN_LENGTH = 8;
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
