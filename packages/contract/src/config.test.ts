import { describe, expect, it } from 'vitest';
import { isValidTimeZone, updateConfigInputSchema } from './config';
import { createTenantInputSchema } from './tenants';

describe('config input', () => {
  it('normalises the tax rate to 3 decimals, Arabic-Indic digits too, within 0..100', () => {
    expect(updateConfigInputSchema.parse({ tax_rate: '11' }).tax_rate).toBe('11.000');
    expect(updateConfigInputSchema.parse({ tax_rate: '٧٫٥' }).tax_rate).toBe('7.500');
    expect(updateConfigInputSchema.parse({ tax_rate: 0 }).tax_rate).toBe('0.000');
    for (const taxRate of ['100.001', '-1', '1.0005', 'abc', '1e2'])
      expect(updateConfigInputSchema.safeParse({ tax_rate: taxRate }).success).toBe(false);
  });

  it('takes IANA zones in their canonical spelling, never offsets', () => {
    expect(updateConfigInputSchema.parse({ timezone: 'asia/beirut' }).timezone).toBe('Asia/Beirut');
    expect(isValidTimeZone('UTC')).toBe(true);
    for (const zone of ['+05:00', 'Beirut', '../etc/passwd', '']) expect(isValidTimeZone(zone)).toBe(false);
  });

  it('reads multipart text as numbers', () => {
    expect(updateConfigInputSchema.parse({ invoice_due_days: '٣٠' }).invoice_due_days).toBe(30);
    expect(updateConfigInputSchema.safeParse({ invoice_due_days: '366' }).success).toBe(false);
  });
});

describe('tenant input', () => {
  it('lower-cases slug and alias; defaults the alias to default', () => {
    expect(createTenantInputSchema.parse({ name: 'A', slug: 'Nour-Power' })).toMatchObject({ slug: 'nour-power', db_alias: 'default' });
    expect(createTenantInputSchema.parse({ name: 'A', slug: 'a', db_alias: ' Second ' }).db_alias).toBe('second');
    for (const slug of ['a b', '-a', 'a--b', 'a_b']) expect(createTenantInputSchema.safeParse({ name: 'A', slug }).success).toBe(false);
  });
});
