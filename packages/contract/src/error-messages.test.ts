import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_MESSAGES, errorLanguageOf, formatErrorMessage } from './error-messages';
import { codeOfZodIssue, ERROR_CODES } from './errors';

describe('the error catalog', () => {
  it.each(Object.values(ERROR_CODES))('%s has an English and an Arabic text with the same placeholders', (code) => {
    const texts = ERROR_MESSAGES[code];
    expect(texts?.en?.trim()).toBeTruthy();
    expect(texts?.ar?.trim()).toBeTruthy();
    expect(texts.ar).not.toBe(texts.en);
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    expect(placeholders(texts.ar)).toEqual(placeholders(texts.en));
  });

  it('has no text for a code that is not in ERROR_CODES', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...new Set(Object.values(ERROR_CODES))].sort());
  });

  it('fills placeholders in the wanted language', () => {
    expect(formatErrorMessage('overpay', 'en', { amount: '12.00', balance: '10.00' })).toBe(
      'The amount (12.00) is more than the balance due (10.00).',
    );
    expect(formatErrorMessage('overpay', 'ar', { amount: '12.00', balance: '10.00' })).toBe(
      'المبلغ (12.00) أكبر من الرصيد المستحق (10.00).',
    );
    expect(formatErrorMessage('max_length', 'en')).toBe('Ensure this field has no more than {max} characters.');
  });

  it.each([
    [undefined, undefined, 'en'],
    ['ar', undefined, 'ar'],
    ['ar-LB,en;q=0.8', undefined, 'ar'],
    ['fr-FR, en;q=0.5, ar;q=0.9', undefined, 'ar'],
    ['de', undefined, 'en'],
    ['ar', 'en', 'en'],
    [undefined, 'ar', 'ar'],
  ])('Accept-Language %s with ?lang=%s answers in %s', (header, lang, expected) => {
    expect(errorLanguageOf(header, lang)).toBe(expected);
  });
});

describe('codes of zod issues', () => {
  const schema = z.object({
    name: z.string().max(5),
    title: z.string().min(1),
    count: z.number(),
    status: z.enum(['a', 'b']),
    email: z.email(),
    day: z.string().refine(() => false, { message: ERROR_CODES.invalidDate }),
    amount: z.string().refine(() => false, { message: 'x', params: { code: ERROR_CODES.overpay, amount: '1', balance: '0' } }),
    tags: z.array(z.string()).max(1),
  });

  it('maps each kind of issue to a catalog code with its parameters', () => {
    const input = { name: 'toolong', title: '', count: 'x', status: 'z', email: 'no', day: '1', amount: '1', tags: ['a', 'b'] };
    const result = schema.safeParse(input);
    const coded = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), codeOfZodIssue(issue as never, input)]));
    expect(coded).toEqual({
      name: { code: 'max_length', params: { max: 5 } },
      title: { code: 'blank' },
      count: { code: 'invalid_number' },
      status: { code: 'invalid_choice' },
      email: { code: 'invalid_email' },
      day: { code: 'invalid_date' },
      amount: { code: 'overpay', params: { amount: '1', balance: '0' } },
      tags: { code: 'max_items', params: { max: 1 } },
    });
  });

  it('calls a missing field required', () => {
    const result = z.object({ name: z.string(), nested: z.object({ age: z.number() }) }).safeParse({ nested: {} });
    expect(result.error!.issues.map((issue) => codeOfZodIssue(issue as never, { nested: {} }))).toEqual([
      { code: 'required' },
      { code: 'required' },
    ]);
  });
});
