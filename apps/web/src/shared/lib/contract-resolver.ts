import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { isErrorCode } from '@meterline/contract/error-codes';
import { codeOfZodIssue, type ZodIssueLike } from '@meterline/contract/zod-issues';
import { i18next } from '../../i18n/index';
import { catalogText, loadErrorCatalog } from './error-catalog';
import { messageOfCode } from './form-errors';
import { importOnce } from './on-demand';

/** A schema imported when first needed (`lazySchema`): the form shows before zod has arrived. */
export type SchemaLoader<Input, Output> = () => Promise<z.ZodType<Output, Input>>;

/**
 * A form's schema as a function that imports it, once (again after a failed download): zod and the
 * contract's schemas (~25 KB gzip) then download while the form shows, not before the screen.
 */
export function lazySchema<Input, Output>(load: SchemaLoader<Input, Output>): SchemaLoader<Input, Output> {
  return importOnce(load);
}

/**
 * A body's field names written out, for a form whose schema is imported later (a server 400 lands
 * on these): the compiler refuses a list with a field missing or unknown.
 */
export function fieldsOf<Body>() {
  return <const Fields extends readonly (keyof Body & string)[]>(
    fields: Fields & ([Exclude<keyof Body, Fields[number]>] extends [never] ? unknown : { missing: Exclude<keyof Body, Fields[number]> }),
  ): Fields => fields;
}

/**
 * react-hook-form's resolver for the contract's schemas: each issue becomes its catalog code
 * (the `type`) and the catalog's text in the user's language (the `message`), the same words the
 * server answers. A form's own refinement with a written message (already translated) keeps it.
 */
export function contractResolver<Values extends FieldValues, Output>(
  // The schema checks the form's values at run time, whatever their static type (a text field holds
  // a string where the schema takes a number): only its output types the submitted values.
  schema: z.ZodType<Output, unknown> | SchemaLoader<unknown, Output>,
): Resolver<Values, unknown, Output> {
  // A schema to import starts downloading with the form's first render, before the first check needs it.
  if (typeof schema === 'function') schema().catch(() => undefined);
  return async (values, _context, options) => {
    const result = await (typeof schema === 'function' ? await schema() : schema).safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    await loadErrorCatalog();
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
        message: messageOfCode(coded.code, i18next.t, coded.params) ?? catalogText(coded.code, language, coded.params) ?? coded.code,
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
