import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDateSchema, textInput } from '@meterline/contract/billing-common';
import { initI18n } from '../../i18n/index';
import { contractResolver } from './contract-resolver';

const schema = z.object({
  name: textInput(5).min(1),
  day: calendarDateSchema,
  own: z.string().refine(() => false, { message: 'A message of the form itself.' }),
});
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('contractResolver', () => {
  it('gives each field its catalog code and the text in the interface language', async () => {
    initI18n('ar');
    const result = await contractResolver(schema)({ name: 'too long', day: '2026-02-30', own: '' }, undefined, options);
    expect(result.errors).toMatchObject({
      name: { type: 'max_length', message: 'استخدم ٥ أحرف على الأكثر.' },
      day: { type: 'invalid_date', message: 'أدخل تاريخًا صالحًا بالصيغة YYYY-MM-DD.' },
      own: { type: 'custom', message: 'A message of the form itself.' },
    });
    initI18n('en');
    const missing = await contractResolver(schema)({ day: '2026-01-01', own: '' } as never, undefined, options);
    expect(missing.errors).toMatchObject({ name: { type: 'required', message: 'This field is required.' } });
  });
});
