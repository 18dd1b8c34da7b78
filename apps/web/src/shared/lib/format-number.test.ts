import { describe, expect, it } from 'vitest';
import { formatCompact } from './format-number';

describe('formatCompact', () => {
  it('shortens an axis number in the language’s digits', () => {
    expect(formatCompact(250_000, 'en')).toBe('250K');
    expect(formatCompact(1_500_000_000, 'en')).toBe('1.5B');
    const arabic = formatCompact(250_000, 'ar');
    expect(arabic).toContain('٢٥٠');
    expect(arabic).not.toMatch(/[0-9]/);
  });
});
