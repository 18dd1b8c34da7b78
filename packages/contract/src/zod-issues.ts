import { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes';
import type { ErrorParams } from './errors';

// Zod-free (imports only the codes), so the web's form resolver carries no zod: each form imports
// its schema when it needs it. Re-exported by errors.ts.

/** A zod issue as both sides see it (the server's validation errors, the web's form resolver). */
export interface ZodIssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
  keys?: readonly string[];
}

export interface CodedIssue {
  code: ErrorCode;
  params?: ErrorParams;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function limit(value: number | bigint | undefined): number | string {
  return typeof value === 'bigint' ? value.toString() : (value ?? 0);
}

/**
 * The code of a zod issue. A contract schema names its own code as the issue's message
 * (`{ message: ERROR_CODES.invalidDate }`) or in a refinement's `params.code`; otherwise the kind
 * of issue decides (missing → required, too long → max_length with `{max}`, ...).
 */
export function codeOfZodIssue(issue: ZodIssueLike, root?: unknown): CodedIssue {
  const named = issue.params?.code;
  if (isErrorCode(named)) {
    const { code: _code, ...params } = issue.params ?? {};
    const values = Object.fromEntries(
      Object.entries(params).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
    ) as ErrorParams;
    return Object.keys(values).length ? { code: named, params: values } : { code: named };
  }
  if (issue.code === 'invalid_type') {
    // zod leaves the input out of its issues: the parsed value (body, query, form) tells.
    const input = 'input' in issue ? issue.input : valueAt(root, issue.path);
    if (input === undefined || input === null) return { code: ERROR_CODES.required };
  }
  if (isErrorCode(issue.message)) {
    const limits: ErrorParams = {};
    if (issue.minimum !== undefined) limits.min = limit(issue.minimum);
    if (issue.maximum !== undefined) limits.max = limit(issue.maximum);
    return Object.keys(limits).length ? { code: issue.message, params: limits } : { code: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.expected === 'number' || issue.expected === 'bigint') return { code: ERROR_CODES.invalidNumber };
      if (issue.expected === 'int') return { code: ERROR_CODES.invalidInteger };
      if (issue.expected === 'boolean') return { code: ERROR_CODES.invalidBoolean };
      return { code: ERROR_CODES.invalidType };
    }
    case 'too_big':
      if (issue.origin === 'string') return { code: ERROR_CODES.maxLength, params: { max: limit(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: ERROR_CODES.maxItems, params: { max: limit(issue.maximum) } };
      return { code: ERROR_CODES.maxValue, params: { max: limit(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { code: ERROR_CODES.blank }
          : { code: ERROR_CODES.minLength, params: { min: limit(issue.minimum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') return { code: ERROR_CODES.minItems, params: { min: limit(issue.minimum) } };
      return { code: ERROR_CODES.minValue, params: { min: limit(issue.minimum) } };
    case 'invalid_value':
    case 'invalid_union':
      return { code: ERROR_CODES.invalidChoice };
    case 'invalid_format':
      if (issue.format === 'email') return { code: ERROR_CODES.invalidEmail };
      if (issue.format === 'date') return { code: ERROR_CODES.invalidDate };
      if (issue.format === 'datetime') return { code: ERROR_CODES.invalidDateTime };
      return { code: ERROR_CODES.invalidFormat };
    case 'unrecognized_keys':
      return { code: ERROR_CODES.unknownField };
    default:
      return { code: ERROR_CODES.invalid };
  }
}
