import { z } from 'zod';
import { normalizeDigits } from './money';

export const idSchema = z.number().int().positive();
/** An id in a path or query: digits (Arabic-Indic accepted) to a positive integer. */
export const idParamSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalizeDigits(value) : value),
  z.coerce.number({ message: 'A valid integer is required.' }).int({ message: 'A valid integer is required.' }).positive(),
);
export const idParamsSchema = z.object({ id: idParamSchema });
export const timestampSchema = z.string().meta({ format: 'date-time' });
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter a date as YYYY-MM-DD.' });

/** Refuses fields nobody may set through the API (mass assignment): present means 400. */
export const forbiddenField = () => z.never({ message: 'This field cannot be set.' }).optional();

export const optionalText = (max: number) => z.string().trim().max(max, { message: `Ensure this field has no more than ${max} characters.` });
export const requiredText = (max: number) =>
  z
    .string({ message: 'This field is required.' })
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

/** `?is_active=true` style filters: true/false/1/0. */
export const booleanQuerySchema = z
  .enum(['true', 'false', '1', '0', 'True', 'False'], { message: 'Must be a valid boolean.' })
  .transform((value) => value === 'true' || value === '1' || value === 'True');
