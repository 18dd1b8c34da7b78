import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD } from './support/roles';
import { apiClientFor, checkedCalls, signedInPage } from './support/session';

/**
 * Native Arabic: every main screen of the demo Arabic client (admin2), read in one digit
 * system. What the check reads and what it leaves out is written in docs/web.md ("Digits"
 * and its journey):
 * - all visible text of the page, SVG text (chart axes) included;
 * - exempt: the values of inputs and text areas (typed in either system), elements marked
 *   `data-verbatim` (codes and phones through `CodeText`, e-mail addresses, URLs, user names and the
 *   samples of each digit system on the digits choice), which are shown exactly as written, and code
 *   words in any text (a Latin letter with digits: `INV-2026-000123` in a breadcrumb, "UTF-8");
 * - a directional arrow (MUI's ArrowBack, ChevronRight, KeyboardArrowRight, NavigateNext, ...) must
 *   point the reading direction's way: an icon that says what it means (`data-towards`, from
 *   `DirectionIcon`) points left for forward under dir=rtl; arrows in pairs (pagination, tab
 *   scrolling, the pickers' months) point outwards, away from each other.
 * The user's digit system comes from `me/`, rewritten here for this page alone, so the journey
 * writes nothing on the demo client (the API tests cover saving it).
 */
const ADMIN2 = { username: 'admin2', password: DEMO_PASSWORD };

const DIRECTIONAL: Record<string, 'left' | 'right'> = {
  ArrowBackIcon: 'left',
  ArrowForwardIcon: 'right',
  ArrowBackIosIcon: 'left',
  ArrowBackIosNewIcon: 'left',
  ArrowForwardIosIcon: 'right',
  ChevronLeftIcon: 'left',
  ChevronRightIcon: 'right',
  KeyboardArrowLeftIcon: 'left',
  KeyboardArrowRightIcon: 'right',
  NavigateBeforeIcon: 'left',
  NavigateNextIcon: 'right',
  ArrowLeftIcon: 'left',
  ArrowRightIcon: 'right',
  FirstPageIcon: 'left',
  LastPageIcon: 'right',
  WestIcon: 'left',
  EastIcon: 'right',
};

interface Finding {
  kind: 'digits' | 'arrow';
  text: string;
}

/** Visible text in the wrong digit system, and arrows pointing the wrong way, on the page as it is. */
async function findProblems(page: Page, digits: 'arab' | 'latn'): Promise<Finding[]> {
  return page.evaluate(
    ({ digits, directional }) => {
      const findings: { kind: 'digits' | 'arrow'; text: string }[] = [];
      const wrong = digits === 'arab' ? /[0-9]/ : /[\u0660-\u0669\u06f0-\u06f9]/;
      const isExempt = (element: Element) => Boolean(element.closest('input, textarea, script, style, noscript, [data-verbatim]'));
      const isVisible = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || seen.has(parent) || isExempt(parent) || !isVisible(parent)) continue;
        // A code word (a Latin letter with digits: INV-2026-000123, UTF-8, v1.0.0) keeps its ASCII digits by the rule.
        const text = (node.textContent ?? '').replace(/[A-Za-z][\w./+-]*\d[\w./+-]*|\d[\w./+-]*[A-Za-z][\w./+-]*/g, '');
        if (!wrong.test(text)) continue;
        seen.add(parent);
        const owner = parent.closest('[aria-label], [role], h1, h2, h3, label, td, th, li, p, button, a') ?? parent;
        findings.push({
          kind: 'digits',
          text: `"${text.trim().slice(0, 80)}" in <${owner.tagName.toLowerCase()} ${owner.getAttribute('aria-label') ?? owner.className.toString().slice(0, 60)}>`,
        });
      }
      // Arrows: the way each one points on screen (its name, turned by a mirroring transform).
      const pointing = (icon: SVGElement) => {
        let turned = false;
        for (let element: Element | null = icon; element && element !== document.body; element = element.parentElement) {
          const transform = getComputedStyle(element).transform;
          if (transform && transform !== 'none' && new DOMMatrixReadOnly(transform).a < 0) turned = !turned;
        }
        const named = directional[icon.getAttribute('data-testid') ?? ''];
        return turned ? (named === 'left' ? 'right' : 'left') : named;
      };
      const icons = Array.from(document.querySelectorAll<SVGElement>('svg[data-testid]')).filter(
        (icon) => directional[icon.getAttribute('data-testid') ?? ''] && isVisible(icon),
      );
      const isRtl = document.documentElement.dir === 'rtl';
      for (const icon of icons) {
        const name = icon.getAttribute('data-testid');
        const towards = icon.closest('[data-towards]')?.getAttribute('data-towards');
        const points = pointing(icon);
        if (towards) {
          const expected = (towards === 'forward') !== isRtl ? 'right' : 'left';
          if (points !== expected) findings.push({ kind: 'arrow', text: `${name} (${towards}) points ${points}` });
          continue;
        }
        const pair = icon.closest(
          '.MuiTablePagination-actions, .MuiPagination-ul, .MuiTabs-root, .MuiPickersArrowSwitcher-root, .MuiPickersCalendarHeader-root',
        );
        if (!pair) {
          findings.push({ kind: 'arrow', text: `${name} says no direction (data-towards) and is in no pair of arrows` });
          continue;
        }
        const box = pair.getBoundingClientRect();
        const own = icon.getBoundingClientRect();
        const expected = own.left + own.width / 2 < box.left + box.width / 2 ? 'left' : 'right';
        if (points !== expected)
          findings.push({ kind: 'arrow', text: `${name} in ${pair.className.split(' ')[0]} points ${points}, not outwards` });
      }
      return findings;
    },
    { digits, directional: DIRECTIONAL },
  );
}

/** A page in Arabic where `me/` says the user reads `digits`. */
async function arabicPage(browser: Parameters<typeof signedInPage>[0], baseURL: string, digits: 'arab' | 'latn'): Promise<Page> {
  const page = await signedInPage(browser, baseURL, ADMIN2);
  await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));
  await page.route('**/api/auth/users/me/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), digits } });
  });
  return page;
}

async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Skeletons and loading bars gone: the screen shows its data.
  await expect(page.locator('.MuiSkeleton-root, .MuiLinearProgress-root')).toHaveCount(0);
}

for (const digits of ['arab', 'latn'] as const) {
  test(`every main screen in Arabic reads in one digit system (${digits}) with arrows the right way`, async ({ browser, baseURL }) => {
    const api = checkedCalls(await apiClientFor(baseURL!, ADMIN2));
    const [service] = await api.get<{ id: number }[]>('services/');
    if (!service) throw new Error('The demo Arabic client has no service');
    const [customer] = (await api.get<{ results: { id: number }[] }>(`services/${service.id}/customers/?page_size=1`)).results;
    const [invoice] = (await api.get<{ results: { id: number }[] }>(`services/${service.id}/invoices/?page_size=1`)).results;
    if (!customer || !invoice) throw new Error('The demo Arabic client has no customer or no invoice');
    const screens = [
      '/dashboard',
      '/customers',
      `/customers/${customer.id}`,
      '/invoices',
      `/invoices/${invoice.id}`,
      '/payments',
      '/transactions',
      '/counters',
      '/stations',
      '/bundles',
      '/settings',
      '/users/profile',
      '/overdue',
    ];
    const page = await arabicPage(browser, baseURL!, digits);
    const problems: string[] = [];
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await settle(page);
      for (const finding of await findProblems(page, digits)) problems.push(`${path}: ${finding.kind}: ${finding.text}`);
    }
    await page.context().close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
