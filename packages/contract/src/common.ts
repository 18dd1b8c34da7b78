import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { DIGIT_SYSTEMS } from './digits';
import { normalizeDigits } from './money';

/** The largest PostgreSQL `integer` (serial ids): a larger id names nothing. */
export const MAX_DB_INTEGER = 2_147_483_647;
export const idSchema = z.number().int().positive().max(MAX_DB_INTEGER, { message: ERROR_CODES.doesNotExist });
/** An id in a path or query: digits (Arabic-Indic accepted) to a positive integer. */
export const idParamSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalizeDigits(value) : value),
  z.coerce
    .number({ message: ERROR_CODES.invalidInteger })
    .int({ message: ERROR_CODES.invalidInteger })
    .positive()
    .max(MAX_DB_INTEGER, { message: ERROR_CODES.doesNotExist }),
);
export const idParamsSchema = z.object({ id: idParamSchema });
export const timestampSchema = z.string().meta({ format: 'date-time' });
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: ERROR_CODES.invalidDate });

/** Refuses fields nobody may set through the API (mass assignment): present means 400. */
/** A digit system ('arab' or 'latn'); anything else is a 400 `invalid_digits`. */
export const digitSystemSchema = z.enum(DIGIT_SYSTEMS, { message: ERROR_CODES.invalidDigits });

export const forbiddenField = () => z.never({ message: ERROR_CODES.readOnlyField }).optional();

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });
export const requiredText = (max: number) =>
  z
    .string({ message: 'This field is required.' })
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

/** `?is_active=true` style filters: true/false/1/0. */
export const booleanQuerySchema = z
  .enum(['true', 'false', '1', '0', 'True', 'False'], { message: ERROR_CODES.invalidBoolean })
  .transform((value) => value === 'true' || value === '1' || value === 'True');

/** The answer of a call that answers 204: no body. */
export const noContentSchema = z.null().meta({ description: 'No content' });
