import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { ApiError } from './api-client';
import { applyServerErrors, errorMessageOf, localizeMessage } from './form-errors';
import { setDigitSystem } from './format-number';

const en = initI18n('en').getFixedT('en');
const ar = initI18n('en').getFixedT('ar');

// The catalog's words for each code, read by a user of Western digits; the digit system has its own tests below.
beforeAll(() => setDigitSystem('latn'));
afterAll(() => setDigitSystem('arab'));

describe('applyServerErrors', () => {
  it('puts a 400 body on its fields and returns non_field_errors as the form message', () => {
    const setError = vi.fn();
    const error = new ApiError(
      400,
      { slug: ['A client with this slug already exists.'], non_field_errors: ['Something else.'] },
      'Bad Request',
    );
    expect(applyServerErrors(error, setError, ['name', 'slug'], en)).toBe('Something else.');
    expect(setError).toHaveBeenCalledWith(
      'slug',
      { type: 'server', message: 'A client with this slug already exists.' },
      { shouldFocus: true },
    );
  });

  it('returns null when every message found its field', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError(400, { name: ['This field may not be blank.'] }, ''), setError, ['name'], en)).toBeNull();
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('sends messages of fields the form does not have to the alert', () => {
    expect(applyServerErrors(new ApiError(400, { tenant: ['This field cannot be set.'] }, ''), vi.fn(), ['name'], en)).toBe(
      'This field cannot be set.',
    );
  });

  it('falls back to "Unknown error" for a failure without a detail', () => {
    expect(applyServerErrors(new ApiError(500, undefined, 'Internal Server Error'), vi.fn(), ['name'], en)).toBe('Unknown error');
    expect(applyServerErrors(new Error('boom'), vi.fn(), ['name'], en)).toBe('Unknown error');
  });

  it('uses a caller fallback and the server detail first', () => {
    expect(errorMessageOf(new ApiError(500, undefined, ''), en, 'Profile update failed. Please try again later.')).toBe(
      'Profile update failed. Please try again later.',
    );
    expect(errorMessageOf(new ApiError(403, { detail: 'Nope.', code: 'whatever' }, 'Nope.'), en, 'Fallback')).toBe('Nope.');
  });
});

describe('errorMessageOf', () => {
  it('explains known codes in the user language, with their parameters', () => {
    const error = new ApiError(409, { detail: 'Cannot delete.', code: 'protected' }, 'Cannot delete.');
    // The screens' own words for codes they explain (the product's voice), the catalog's otherwise.
    expect(errorMessageOf(error, en)).toBe('It is still in use, so it cannot be removed. Remove or change what uses it first.');
    expect(errorMessageOf(error, ar)).toBe('ما زال مستخدمًا، لذا لا يمكن حذفه. احذف أو غيّر ما يستخدمه أولًا.');
    const billed = new ApiError(409, { detail: 'x', code: 'period_already_billed', params: { number: 'INV-7' } }, 'x');
    expect(errorMessageOf(billed, ar)).toBe('لهذا الاشتراك فاتورة قائمة (INV-7) عن هذه الفترة. ألغِها أولًا لإعادة فوترة الفترة.');
  });

  it('translates a 400 by the code of its first field error, never by its English text', () => {
    const body = {
      amount: ['The amount (12.00) is more than the balance due (10.00).'],
      code: 'overpay',
      params: { amount: '12.00', balance: '10.00' },
      errors: [{ field: 'amount', code: 'overpay', message: 'Reworded by the server.', params: { amount: '12.00', balance: '10.00' } }],
    };
    expect(errorMessageOf(new ApiError(400, body, ''), ar)).toBe('المبلغ (12.00) أكبر من الرصيد المستحق (10.00).');
  });

  it("shows the server's message for a code the web does not know", () => {
    const body = { detail: 'Something new happened.', code: 'brand_new_code' };
    expect(errorMessageOf(new ApiError(409, body, ''), ar)).toBe('Something new happened.');
  });

  it('says the network is down for status 0', () => {
    expect(errorMessageOf(new ApiError(0, undefined, 'Network error'), en)).toMatch(/could not be reached/);
  });
});

describe('localizeMessage', () => {
  it('translates a catalog code and leaves any other text as written', () => {
    expect(localizeMessage('invalid_date', ar)).toBe('أدخل تاريخًا صالحًا بالصيغة YYYY-MM-DD.');
    expect(localizeMessage('required', en)).toBe('This field is required.');
    expect(localizeMessage('This field is required.', ar)).toBe('This field is required.');
  });
});

describe('applyServerErrors with coded field errors', () => {
  it('puts each field error on its field in the user language', () => {
    const setError = vi.fn();
    const body = {
      counter: ['The new reading (5) is lower than the previous reading (9).'],
      code: 'lower_reading',
      errors: [
        {
          field: 'counter',
          code: 'lower_reading',
          message: 'The new reading (5) is lower than the previous reading (9).',
          params: { value: '5', previous: '9' },
        },
        { field: 'non_field_errors', code: 'subscription_changed', message: 'The subscription changed meanwhile. Try again.' },
      ],
    };
    expect(applyServerErrors(new ApiError(400, body, ''), setError, ['counter'], ar)).toBe('تغيّر الاشتراك في هذه الأثناء. حاول مجددًا.');
    expect(setError).toHaveBeenCalledWith(
      'counter',
      { type: 'server', message: expect.stringMatching(/^القراءة الجديدة \(5\) أقل من آخر قراءة \(9\)/) },
      { shouldFocus: true },
    );
  });
});

describe('messages in the user digit system', () => {
  afterAll(() => setDigitSystem('latn'));

  it("writes a message's numbers in Arabic-Indic digits for a user who reads them, amounts with the Arabic decimal separator", () => {
    setDigitSystem('arab');
    const body = {
      code: 'overpay',
      errors: [{ field: 'amount', code: 'overpay', message: 'x', params: { amount: '12.00', balance: '10.50' } }],
    };
    expect(errorMessageOf(new ApiError(400, body, ''), ar)).toBe('المبلغ (١٢٫٠٠) أكبر من الرصيد المستحق (١٠٫٥٠).');
    const billed = new ApiError(409, { detail: 'x', code: 'period_already_billed', params: { number: 'INV-7' } }, 'x');
    expect(errorMessageOf(billed, ar)).toContain('(INV-٧)');
    // A server text the web does not know, and a field's own message, follow the same digits.
    expect(errorMessageOf(new ApiError(409, { detail: 'تبقى 3 محاولات.', code: 'brand_new_code' }, ''), ar)).toBe('تبقى ٣ محاولات.');
    const setError = vi.fn();
    applyServerErrors(new ApiError(400, { name: ['لا يزيد عن 16 حرفًا.'] }, ''), setError, ['name'], ar);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'لا يزيد عن ١٦ حرفًا.' }, { shouldFocus: true });
    // English stays in Western digits whatever the Arabic setting.
    expect(errorMessageOf(new ApiError(400, body, ''), en)).toMatch(/12\.00/);
  });
});
