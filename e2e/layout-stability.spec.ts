import { expect, test } from './support/fixtures';

// docs/performance.md: a list and the dashboard keep their layout while they load, on a first visit (a fresh
// browser: nothing remembered). The side menu draws Counters in its place before the services
// answer; the grid's skeleton and the grid reserve the rows' height, so the totals and the footer
// under them stay put; the dashboard's figures wait in cards of the cards' own shape.
// Measured with the browser's own layout-shift entries (what Lighthouse sums as CLS), leaving out
// the indeterminate progress bar's animation, which moves nothing else.
const PAGES = ['/invoices', '/customers', '/payments', '/'];

test.describe('lists and the dashboard keep their layout while they load (1440 px, first visit)', () => {
  test.use({ signedInAs: 'admin', viewport: { width: 1440, height: 900 } });

  for (const path of PAGES) {
    test(`${path}: nothing on the page moves once drawn`, async ({ page }) => {
      await page.addInitScript(() => {
        const shifts: { value: number; sources: string[] }[] = [];
        (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          }[]) {
            if (entry.hadRecentInput) continue;
            const sources = entry.sources.map((source) => {
              const node = source.node;
              const element = node instanceof Element ? node : node?.parentElement;
              return element
                ? `${element.className.toString().split(' ')[0] ?? element.tagName} "${(element.textContent ?? '').slice(0, 30)}"`
                : '?';
            });
            if (sources.every((source) => source.startsWith('MuiLinearProgress'))) continue;
            shifts.push({ value: entry.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      if (path === '/') {
        // The six figures, then the three charts drawn (each card's skeleton gone).
        await expect(page.locator('main a.MuiCardActionArea-root')).toHaveCount(6);
        await expect(page.locator('main .MuiChartsSurface-root')).toHaveCount(3);
      } else {
        await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
        await expect(page.locator('.MuiDataGrid-overlay .MuiLinearProgress-root')).toHaveCount(0);
      }
      // The shifts of the last frames are reported after them.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
      );
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.005);
    });
  }
});
