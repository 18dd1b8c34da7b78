import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { ApiError } from './api-client';
import { applyServerErrors, errorMessageOf, localizeMessage } from './form-errors';

const en = initI18n('en').getFixedT('en');
const ar = initI18n('en').getFixedT('ar');

describe('applyServerErrors', () => {
  it('puts a 400 body on its fields and returns non_field_errors as the form message', () => {
    const setError = vi.fn();
    const error = new ApiError(400, { slug: ['A client with this slug already exists.'], non_field_errors: ['Something else.'] }, 'Bad Request');
    expect(applyServerErrors(error, setError, ['name', 'slug'], en)).toBe('Something else.');
    expect(setError).toHaveBeenCalledWith('slug', { type: 'server', message: 'A client with this slug already exists.' }, { shouldFocus: true });
  });

  it('returns null when every message found its field', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError(400, { name: ['This field may not be blank.'] }, ''), setError, ['name'], en)).toBeNull();
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('sends messages of fields the form does not have to the alert', () => {
    expect(applyServerErrors(new ApiError(400, { tenant: ['This field cannot be set.'] }, ''), vi.fn(), ['name'], en)).toBe('This field cannot be set.');
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
  it('explains known codes in the user language', () => {
    const error = new ApiError(409, { detail: 'Cannot delete.', code: 'protected' }, 'Cannot delete.');
    expect(errorMessageOf(error, en)).toMatch(/still in use/);
    expect(errorMessageOf(error, ar)).toMatch(/مستخدم/);
  });

  it('says the network is down for status 0', () => {
    expect(errorMessageOf(new ApiError(0, undefined, 'Network error'), en)).toMatch(/could not be reached/);
  });
});

describe('localizeMessage', () => {
  it('translates the contract messages, numbers included', () => {
    expect(localizeMessage('Ensure this field has no more than 200 characters.', ar)).toBe('استخدم 200 حرفًا على الأكثر.');
    expect(localizeMessage('This field is required.', ar)).toBe('هذا الحقل مطلوب.');
    expect(localizeMessage('Something new.', ar)).toBe('Something new.');
  });
});
