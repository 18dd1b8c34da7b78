import type { Locator, Page } from '@playwright/test';

/**
 * The side-menu links. Assert on them with Playwright's waiting matchers (`toHaveText([...])`):
 * entries that depend on the service (Counters for a metered one) appear once the services list
 * has arrived, after the first links, so one early read of the texts can miss them.
 */
export function sideMenuLinks(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
}

/** A JWT-shaped token that expired an hour ago (the client only reads `exp`). */
export function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(Date.now() / 1000) - 3600, token_type: 'access' })}.x`;
}

const DATE_SECTIONS: Record<string, 'year' | 'month' | 'day'> = {
  Year: 'year',
  Month: 'month',
  Day: 'day',
  السنة: 'year',
  الشهر: 'month',
  اليوم: 'day',
};

/**
 * Types a `YYYY-MM` month or `YYYY-MM-DD` day into a date picker (MUI X: a group named by its
 * label, one spinbutton per section in the language's reading order), section by section.
 */
export async function typeDate(field: Locator, isoValue: string): Promise<void> {
  const [year = '', month = '', day = ''] = isoValue.split('-');
  const parts = { year, month, day };
  const sections = field.getByRole('spinbutton');
  // The picker downloads when the field shows (a placeholder until then): count its sections once it is there.
  await sections.first().waitFor();
  for (let index = 0; index < (await sections.count()); index += 1) {
    const section = sections.nth(index);
    const part = DATE_SECTIONS[(await section.getAttribute('aria-label')) ?? ''];
    if (!part) throw new Error(`Unknown date section ${await section.getAttribute('aria-label')}`);
    await section.click();
    await section.pressSequentially(parts[part]);
  }
}

/**
 * A pattern for a text as the app may show it in Arabic: each digit in Western or Arabic-Indic
 * form (the user's digit system, by default the tenant's), the rest as it is.
 */
export function inEitherDigits(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A code shown in Arabic-Indic digits carries a left-to-right mark before each digit group (keepDigitGroupsInOrder).
  return new RegExp(escaped.replace(/\d/g, (digit) => `\u200e?[${digit}${String.fromCharCode(0x0660 + Number(digit))}]`));
}
