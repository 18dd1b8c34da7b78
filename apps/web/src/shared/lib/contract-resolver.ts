import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { codeOfZodIssue, isErrorCode, type ZodIssueLike } from '@meterline/contract/errors';
import { formatErrorMessage } from '@meterline/contract/error-messages';
import { i18next } from '../../i18n/index';
import { messageOfCode } from './form-errors';

/**
 * react-hook-form's resolver for the contract's schemas: each issue becomes its catalog code
 * (the `type`) and the catalog's text in the user's language (the `message`), the same words the
 * server answers. A form's own refinement with a written message (already translated) keeps it.
 */
export function contractResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const language = i18next.language === 'ar' ? 'ar' : 'en';
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path]) continue;
      const ownMessage = issue.code === 'custom' && !isErrorCode(issue.message) && !(issue.params as { code?: unknown } | undefined)?.code;
      if (ownMessage) {
        errors[path] = { type: 'custom', message: issue.message };
        continue;
      }
      const coded = codeOfZodIssue(issue as unknown as ZodIssueLike, values);
      errors[path] = {
        type: coded.code,
        message: messageOfCode(coded.code, i18next.t, coded.params) ?? formatErrorMessage(coded.code, language, coded.params),
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
