import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// docs/web.md, "Lists": no list needs horizontal scrolling at 1366 px in English or Arabic; a chip, a column
// header ("Partially pai…") or a figure (an amount, a reading, a phone number: "4,579.948 k…") cut
// short fails the walk. The demo tenant's lists, read only.
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

/** What does not fit on the page: the grid's own horizontal scroll, cut headers and cut chips. */
async function clippedOn(page: Page) {
  return page.evaluate(() => {
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
    // A chip inside a grid cell wider than its cell is cut by the cell.
    for (const cell of all(grid, '.MuiDataGrid-cell')) {
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
    }
    return problems;
  });
}

for (const language of ['en', 'ar'] as const) {
  for (const width of [1366, 1440]) {
    test.describe(`lists at ${width} px in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
      test.use({ signedInAs: 'admin', viewport: { width, height: 900 } });

      test('every list fits: no sideways scrolling, no cut header or chip; the table starts high', async ({ page }) => {
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
        expect(problems).toEqual([]);
      });
    });
  }
}
