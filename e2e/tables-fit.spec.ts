import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD } from './support/roles';
import { signIn, storageStateWith } from './support/session';

// docs/web.md, "Lists": no list needs horizontal scrolling at 1366 or 1440 px in English or Arabic; a
// chip, a column header ("Partially pai…"), a figure (an amount, a reading, a phone number: "4,579.948
// k…", "LBP 3,049,…"), a month ("September 2026 to Septembe…"), a date or a status cut short fails the
// walk. Only the columns of names, addresses and e-mails may end in "…". The lists of both demo
// tenants: Nour Power (admin, USD) and Amal Utilities (admin2, billing in LBP, whose amounts are the
// longest), read only.
const LISTS = [
  '/customers',
  '/counters',
  '/stations',
  '/bundles',
  '/tariffs',
  '/invoices',
  '/overdue',
  '/payments',
  '/transactions',
  '/users',
];
// Transactions opens on its invoice-status summary, with the list under it (docs/web.md, "Tables fit").
const LISTS_UNDER_A_SUMMARY = ['/transactions'];
// The columns whose text may end in "…" (a name, an address, an e-mail, a note): every other cell
// (figures, months, dates, statuses, counts) must show whole. A name inside another cell (who took a
// reading, under its time) is marked `data-may-be-cut`.
const MAY_BE_CUT = [
  'name',
  'customer_name',
  'full_name',
  'first_name',
  'last_name',
  'username',
  'email',
  'address',
  'location',
  'building',
  'building_name',
  'station',
  'station_name',
  'bundle_name',
  'notes',
  'description',
  'reference',
];

const ADMIN2 = { username: 'admin2', password: DEMO_PASSWORD };

/** What does not fit on the page: the grid's own horizontal scroll, cut headers, chips, figures and texts. */
async function clippedOn(page: Page) {
  return page.evaluate((mayBeCut) => {
    const problems: string[] = [];
    const grid = document.querySelector<HTMLElement>('.MuiDataGrid-root');
    // The grid's own judgement: it marks its scroller when the columns are wider than the grid.
    const scroller = document.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller--hasScrollX');
    if (scroller) problems.push(`grid scrolls sideways (${scroller.scrollWidth} > ${scroller.clientWidth})`);
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1)
      problems.push(`page scrolls sideways (${document.documentElement.scrollWidth})`);
    const all = (root: ParentNode | null, selector: string) => (root ? Array.from(root.querySelectorAll<HTMLElement>(selector)) : []);
    for (const title of all(grid, '.MuiDataGrid-columnHeaderTitle')) {
      if (title.scrollWidth > title.clientWidth + 1)
        problems.push(`header "${title.textContent}" cut (${title.scrollWidth} > ${title.clientWidth})`);
    }
    for (const label of all(document, 'main .MuiChip-label')) {
      if (label.scrollWidth > label.clientWidth + 1)
        problems.push(`chip "${label.textContent}" cut (${label.scrollWidth} > ${label.clientWidth})`);
    }
    // The totals line under the rows: each figure on its line, whole.
    for (const figure of all(document, 'main [role="status"] bdi[dir="ltr"]')) {
      const line = figure.closest<HTMLElement>('[role="status"]');
      if (line && figure.getBoundingClientRect().right > line.getBoundingClientRect().right + 1)
        problems.push(`total "${figure.textContent}" cut`);
    }
    for (const cell of all(grid, '.MuiDataGrid-cell')) {
      const field = cell.dataset.field ?? '';
      // A chip inside a grid cell wider than its cell is cut by the cell.
      const chip = all(cell, '.MuiChip-root')[0];
      if (chip && chip.getBoundingClientRect().width > cell.getBoundingClientRect().width)
        problems.push(`chip "${chip.textContent}" wider than its cell`);
      // An amount or a reading (Money, DecimalText: an isolated left-to-right run) cut short by its
      // cell's ellipsis is a wrong figure ("4,579.948 k…"); a name or an address may end in "…".
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const figure of all(cell, 'bdi[dir="ltr"]')) {
        if (figure.textContent?.includes('@')) continue; // an e-mail address, like a name
        if (figure.getBoundingClientRect().width > room + 1)
          problems.push(`figure "${figure.textContent}" cut (${Math.round(figure.getBoundingClientRect().width)} > ${Math.round(room)})`);
      }
      // Any other text (a month, a period, a date, a status, a count): whole, on its line or lines.
      // The cell, or a box inside it that hides what overflows (an ellipsis, a two-line clamp).
      if (mayBeCut.includes(field) || cell.classList.contains('MuiDataGrid-cellCheckbox')) continue;
      for (const box of [cell, ...all(cell, '*')]) {
        if (box.closest('[data-may-be-cut]')) continue;
        const boxStyle = getComputedStyle(box);
        const hidesX = boxStyle.overflowX !== 'visible';
        const hidesY = boxStyle.overflowY !== 'visible' && box !== cell;
        if ((hidesX && box.scrollWidth > box.clientWidth + 1) || (hidesY && box.scrollHeight > box.clientHeight + 1)) {
          problems.push(
            `${field} "${cell.textContent}" cut (${box.scrollWidth}×${box.scrollHeight} > ${box.clientWidth}×${box.clientHeight})`,
          );
          break;
        }
      }
    }
    return problems;
  }, MAY_BE_CUT);
}

async function walkLists(page: Page, language: 'en' | 'ar', width: number) {
  await page.addInitScript((lang) => localStorage.setItem('meterline-settings', JSON.stringify({ language: lang })), language);
  const problems: string[] = [];
  for (const path of LISTS) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    // The rows (or the empty message) have come.
    await expect(page.locator('.MuiDataGrid-row, .MuiDataGrid-overlay').first()).toBeVisible();
    await expect(page.locator('.MuiDataGrid-overlay .MuiLinearProgress-root')).toHaveCount(0);
    for (const problem of await clippedOn(page)) problems.push(`${path}: ${problem}`);
    // The one filter bar keeps its filters compact: the table starts in the first 300 px at 1440 × 900.
    if (width === 1440 && !LISTS_UNDER_A_SUMMARY.includes(path)) {
      const top = (await grid.boundingBox())?.y ?? Infinity;
      if (top > 300) problems.push(`${path}: the table starts at ${Math.round(top)} px`);
    }
  }
  return problems;
}

for (const language of ['en', 'ar'] as const) {
  for (const width of [1366, 1440]) {
    test.describe(`lists at ${width} px in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
      test.use({ viewport: { width, height: 900 } });

      test.describe('Nour Power (USD)', () => {
        test.use({ signedInAs: 'admin' });
        test('every list fits: no sideways scrolling, nothing cut that must show whole; the table starts high', async ({ page }) => {
          expect(await walkLists(page, language, width)).toEqual([]);
        });
      });

      test.describe('Amal Utilities (LBP)', () => {
        test.use({ storageState: async ({ baseURL }, use) => use(storageStateWith(baseURL!, await signIn(baseURL!, ADMIN2))) });
        test('every list fits with amounts in Lebanese pounds', async ({ page }) => {
          expect(await walkLists(page, language, width)).toEqual([]);
        });
      });
    });
  }
}

// The invoices' "Total in LBP" column shows from 1536 px (the `xl` breakpoint) on a tenant with a
// second currency: its LBP figures whole too.
test.describe('the invoice list with its second-currency column', () => {
  test.use({ signedInAs: 'admin', viewport: { width: 1536, height: 900 } });
  for (const language of ['en', 'ar'] as const) {
    test(`"Total in LBP" fits at 1536 px in ${language === 'en' ? 'English' : 'Arabic'}`, async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('meterline-settings', JSON.stringify({ language: lang })), language);
      await page.goto('/invoices');
      await expect(page.locator('.MuiDataGrid-cell[data-field="total_second"]').first()).toBeVisible();
      await expect(page.locator('.MuiDataGrid-overlay .MuiLinearProgress-root')).toHaveCount(0);
      expect(await clippedOn(page)).toEqual([]);
    });
  }
});
