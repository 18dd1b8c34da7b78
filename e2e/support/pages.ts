import type { Page } from '@playwright/test';

/** Texts of the side-menu links, in order. */
export async function sideMenuEntries(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((text) => text.trim());
}

/** A JWT-shaped token that expired an hour ago (the client only reads `exp`). */
export function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(Date.now() / 1000) - 3600, token_type: 'access' })}.x`;
}
