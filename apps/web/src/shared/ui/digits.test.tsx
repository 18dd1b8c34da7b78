import { render, screen } from '@testing-library/react';
import { normalizeDigits } from '@meterline/contract/digits';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { userWithRole } from '../../app/test-users';
import { initI18n } from '../../i18n/index';
import { setDigitSystem } from '../lib/format-number';
import { updateSettings } from '../lib/settings-store';
import { CodeText } from './code-text';
import { Money } from './money';
import { NumberText } from './number-text';

afterEach(() => {
  updateSettings({ language: 'en' });
  setDigitSystem('arab');
});

function renderAs(digits: 'arab' | 'latn' | null, defaultDigits: 'arab' | 'latn') {
  const base = userWithRole('admin');
  const user = { ...base, digits, tenant: base.tenant && { ...base.tenant, default_digits: defaultDigits } };
  return render(
    <AppProviders initialSession={{ isLoggedIn: true, isInitialized: true, user }}>
      <p data-testid="values">
        <Money amount="1234.50" /> <NumberText value={25} /> <CodeText value="INV-2026-000123" />
      </p>
    </AppProviders>,
  );
}

describe("the signed-in user's digits on Arabic screens (issue 17)", () => {
  it('shows amounts and counts in Arabic-Indic digits when the user chose them, codes as stored', () => {
    updateSettings({ language: 'ar' });
    renderAs('arab', 'latn');
    const text = screen.getByTestId('values').textContent!;
    expect(text).toContain('٢٥');
    expect(text).toContain('١٬٢٣٤٫٥٠');
    // A code is never converted: the same ASCII digits as on the printed invoice (docs/web.md, "Digits").
    expect(text).toContain('INV-2026-000123');
    expect(text.replace('INV-2026-000123', '')).not.toMatch(/[0-9]/);
  });

  it('shows a phone as stored, marked verbatim for the Arabic journey, and a pasted copy reads back as the phone', () => {
    updateSettings({ language: 'ar' });
    initI18n('ar');
    setDigitSystem('arab');
    render(
      <p data-testid="phone">
        <CodeText value="+961 3 975805" />
      </p>,
    );
    const shown = screen.getByTestId('phone').textContent ?? '';
    expect(shown).toBe('+961 3 975805');
    expect(screen.getByTestId('phone').querySelector('bdi[dir="ltr"][data-verbatim]')).not.toBeNull();
    expect(normalizeDigits(shown)).toBe('+961 3 975805');
  });

  it("follows the tenant's Western default when the user chose none", () => {
    updateSettings({ language: 'ar' });
    renderAs(null, 'latn');
    const text = screen.getByTestId('values').textContent!;
    // Western digits keep their order on their own: no marks.
    expect(text).toContain('INV-2026-000123');
    expect(text).toContain('1,234.50');
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it('keeps English in Western digits whatever the user chose', () => {
    updateSettings({ language: 'en' });
    renderAs('arab', 'arab');
    const text = screen.getByTestId('values').textContent!;
    expect(text).toContain('INV-2026-000123');
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });
});
