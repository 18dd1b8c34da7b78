import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { fieldError } from './http-errors';

/** zxcvbn's score from 0 to 4: 3 is "safely unguessable" against an offline attack on a slow hash. */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | null = null;

/** zxcvbn-ts with its common-password and name dictionaries (loaded on first use). */
export function passwordScore(password: string, userInputs: string[] = []): number {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory.check(password, userInputs.filter(Boolean)).score;
}

/** Refuses a new password that is common or easy to guess (also from the user's own names), as a 400 on `field`. */
export function assertStrongPassword(field: string, password: string, userInputs: string[] = []): void {
  if (passwordScore(password, userInputs) < MIN_PASSWORD_SCORE) throw fieldError(field, ERROR_CODES.passwordTooWeak);
}
