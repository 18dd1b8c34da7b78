import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ERROR_CODES, type ErrorCode } from '@meterline/contract/errors';
import { fieldError } from './http-errors';

/** zxcvbn's score from 0 to 4: 3 is "safely unguessable" against an offline attack on a slow hash. */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | null = null;

/** zxcvbn-ts with its common-password and name dictionaries (loaded on first use). */
export function passwordScore(password: string, userInputs: string[] = []): number {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory.check(password, userInputs.filter(Boolean)).score;
}

/** The product's name: never a password, whoever sets it (zxcvbn alone scored it 3; docs/security.md). */
export const PRODUCT_NAME = 'Meterline';

/** The letters of a text, lower-cased: `Meterline 2026!` and `meter-line` are both `meterline`. */
const lettersOf = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');

/**
 * Whether a password is the product's name or one of `names` (the client's name and slug), case,
 * spaces, digits and punctuation aside. zxcvbn does not know the product, and scored `meterline` 3.
 */
export function isNamePassword(password: string, names: string[] = []): boolean {
  const letters = lettersOf(password);
  return [PRODUCT_NAME, ...names].some((name) => {
    const nameLetters = lettersOf(name);
    return nameLetters !== '' && nameLetters === letters;
  });
}

/**
 * What is wrong with a new password, or null: the product's or the client's name (`names`: the
 * client's name and slug), else common or easy to guess (also from the user's own names).
 */
export function passwordProblem(password: string, userInputs: string[] = [], names: string[] = []): ErrorCode | null {
  if (isNamePassword(password, names)) return ERROR_CODES.passwordIsName;
  if (passwordScore(password, [...userInputs, PRODUCT_NAME, ...names]) < MIN_PASSWORD_SCORE) return ERROR_CODES.passwordTooWeak;
  return null;
}

/** Refuses a new password with `passwordProblem`'s code, as a 400 on `field`. */
export function assertStrongPassword(field: string, password: string, userInputs: string[] = [], names: string[] = []): void {
  const problem = passwordProblem(password, userInputs, names);
  if (problem) throw fieldError(field, problem);
}
