import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe on the page and fails on serious or critical violations (docs/product/screens.md). */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<void> {
  // A settled screen: a list still loading shows an unnamed progress bar and a grid without rows
  // (the loading state's own findings, not the screen's), so wait until no progress bar shows.
  await expect(page.getByRole('progressbar'), `${label} is still loading`).toHaveCount(0);
  // A list refetching in the background (a token refresh first, with short-lived tokens) shows its
  // old rows at half opacity, marked aria-busy: that is the refresh's contrast, not the screen's.
  await expect(page.locator('[aria-busy="true"]'), `${label} is still refreshing`).toHaveCount(0);
  // A page or dialog still fading in reads as low contrast: wait for running transitions to end.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`,
  );
  expect(serious, `axe on ${label}:\n${summary.join('\n')}`).toEqual([]);
}
