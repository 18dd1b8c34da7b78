import { describe, expect, it } from 'vitest';
import { colorFromName, fullNameOf, initialsOf } from './avatar';

describe('initials and colour', () => {
  it('takes the first letters of first and last name, uppercase', () => {
    expect(initialsOf('sara', 'haddad')).toBe('SH');
    expect(initialsOf('  omar ', ' khalil')).toBe('OK');
  });

  it('works with one name or Arabic names', () => {
    expect(initialsOf('Lina', '')).toBe('L');
    expect(initialsOf('', 'Nasser')).toBe('N');
    expect(initialsOf('أحمد', 'سعيد')).toBe('أس');
  });

  it('shows a question mark without a name', () => {
    expect(initialsOf('', '')).toBe('?');
    expect(initialsOf(null, undefined)).toBe('?');
  });

  it('derives a stable colour from the full name', () => {
    expect(colorFromName('Sara Haddad')).toBe(colorFromName('Sara Haddad'));
    expect(colorFromName('Sara Haddad')).not.toBe(colorFromName('Omar Khalil'));
    expect(colorFromName('Sara Haddad')).toMatch(/^hsl\(\d+, 50%, 28%\)$/);
  });

  it('joins the full name', () => {
    expect(fullNameOf(' Sara ', 'Haddad')).toBe('Sara Haddad');
    expect(fullNameOf('', '')).toBe('');
  });
});
