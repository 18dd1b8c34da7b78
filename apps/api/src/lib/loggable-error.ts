import { DrizzleQueryError } from 'drizzle-orm/errors';

export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggableError;
}

/**
 * An error as it may be logged: a failed query keeps its SQL text but never its parameter values
 * (they hold names, amounts, password hashes), nor the database's `detail` line that repeats them.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'Non-error thrown' };
  const code = (error as { code?: unknown }).code;
  const base = { type: error.name, ...(typeof code === 'string' ? { code } : {}) };
  const cause = depth < 3 && error.cause !== undefined ? { cause: loggableError(error.cause, depth + 1) } : {};
  if (error instanceof DrizzleQueryError) {
    const message = `Failed query: ${error.query}`;
    // The stack starts with the message, parameters included: keep only its frames.
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    return { ...base, message, stack: [`${error.name}: ${message}`, ...frames].join('\n'), ...cause };
  }
  return { ...base, message: error.message, stack: error.stack, ...cause };
}
