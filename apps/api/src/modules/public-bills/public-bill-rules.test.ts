import { describe, expect, it } from 'vitest';
import { createPublicLinkSigner } from '../../lib/public-link';
import { maskName, maskPhone, publicBillUrlFor } from './index';

describe('what the public bill shows of a customer', () => {
  it.each([
    ['إبراهيم خليل الحسن', 'إبراهيم خ…'],
    ['Samira Haddad', 'Samira H…'],
    ['  Rami   ', 'R…'],
    ['', ''],
  ])('masks the name %j as %j', (name, masked) => expect(maskName(name)).toBe(masked));

  it.each([
    ['+961 3 123 4567', '•••• 4567'],
    ['03-123456', '•••• 3456'],
    ['123', ''],
    ['', ''],
  ])('masks the phone %j as %j', (phone, masked) => expect(maskPhone(phone)).toBe(masked));
});

describe('the public bill link', () => {
  const signer = createPublicLinkSigner('k'.repeat(48), 'https://bills.example/');

  it('is a 32-character base64url token under PUBLIC_URL/b/, holding for its version only', () => {
    const url = publicBillUrlFor(signer, { tenantId: 7, id: 1234, publicLinkVersion: 3 });
    expect(url).toMatch(/^https:\/\/bills\.example\/b\/[A-Za-z0-9_-]{32}$/);
    const claim = signer.claimOf(url.slice(-32));
    expect(claim).toMatchObject({ tenantId: 7, customerId: 1234 });
    expect(signer.holds(claim, 3)).toBe(true);
    expect(signer.holds(claim, 4)).toBe(false);
    expect(signer.holds(claim, null)).toBe(false);
  });

  it('reads anything else as a claim of no customer that holds for nothing', () => {
    for (const token of ['', 'short', '!'.repeat(32), '_'.repeat(32), 'A'.repeat(44)]) {
      const claim = signer.claimOf(token);
      expect(claim.tenantId === 0 || claim.tenantId > 0).toBe(true);
      expect(signer.holds(claim, 1)).toBe(false);
    }
    // Another key signs differently.
    const other = createPublicLinkSigner('o'.repeat(48), 'https://bills.example');
    expect(signer.holds(signer.claimOf(other.tokenFor(7, 1234, 3)), 3)).toBe(false);
  });
});
