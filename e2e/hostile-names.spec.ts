import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, tenantTest as test } from './support/fixtures';
import { apiClientFor } from './support/session';

/**
 * Names written to attack the screens render as text. A customer (and an invoice
 * line) named with an `<img onerror>`, a `javascript:` URL and a right-to-left override, in a
 * client of its own, with one invoice paid and one overdue; every screen showing it (the overdue
 * list included) and the printable invoice (the HTML the PDF is made from) are opened in Chromium:
 * no dialog, no injected element, the characters shown as written.
 */
const HOSTILE = `<img src=x onerror="window.__xss=1;alert(1)"> javascript:alert(2) \u202Efdp.exe`;

async function expectInert(page: Page, dialogs: string[], where: string) {
  await expect(page.getByText('<img src=x onerror', { exact: false }).first(), where).toBeVisible();
  expect(dialogs, where).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), where).toBeUndefined();
  expect(await page.locator('img[onerror], img[src="x"], a[href^="javascript:"]').count(), where).toBe(0);
}

test.describe('hostile names', () => {
  test.use({ signedInAs: 'admin' });

  test('render as text on the customer, invoice, payment and overdue screens and in the printed invoice', async ({
    page,
    tenant,
    baseURL,
  }) => {
    const api = await apiClientFor(baseURL!, tenant.users.admin);
    try {
      const base = `/api/services/${tenant.electricity}`;
      // A genuinely overdue invoice through the product's own rules: an invoice is issued on the
      // client's today and falls due `invoice_due_days` later, so one issued with 0 days in
      // Pacific/Pago_Pago (UTC-11) is past due once the client's clock is Pacific/Kiritimati
      // (UTC+14): 25 hours ahead, always a later calendar day.
      const config = await (await api.get('/api/config/')).json();
      const behind = await api.put(`/api/config/${config.id}/`, { data: { invoice_due_days: 0, timezone: 'Pacific/Pago_Pago' } });
      expect(behind.status(), await behind.text()).toBe(200);
      const customer = await (await api.post(`${base}/customers/`, { data: { full_name: HOSTILE } })).json();
      expect(customer.full_name).toBe(HOSTILE);
      const invoiceResponse = await api.post(`${base}/invoices/`, {
        data: {
          customer: customer.id,
          period_start: '2026-01-01',
          period_end: '2026-01-31',
          notes: HOSTILE,
          lines: [{ description: HOSTILE, quantity: '1', unit_price: '10' }],
        },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(invoiceResponse.status(), await invoiceResponse.text()).toBe(201);
      const invoice = await invoiceResponse.json();
      const second = await api.post(`${base}/invoices/`, {
        data: {
          customer: customer.id,
          period_start: '2026-02-01',
          period_end: '2026-02-28',
          lines: [{ description: 'Supply', quantity: '1', unit_price: '5' }],
        },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(second.status()).toBe(201);
      const paid = await api.put(`${base}/invoices/${(await second.json()).id}/create_payment/`, {
        data: { reference: HOSTILE.slice(0, 60) },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      const ahead = await api.put(`/api/config/${config.id}/`, { data: { timezone: 'Pacific/Kiritimati' } });
      expect(ahead.status(), await ahead.text()).toBe(200);
      const overdueList = await (await api.get(`${base}/overdue/`)).json();
      const overdueRows = (Array.isArray(overdueList) ? overdueList : overdueList.results) as {
        customer: number;
        customer_name: string;
        overdue_invoices: number;
      }[];
      expect(overdueRows.find((row) => row.customer === customer.id)).toMatchObject({ customer_name: HOSTILE, overdue_invoices: 1 });

      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      for (const [where, url] of [
        ['customer list', `/customers?search=${encodeURIComponent('javascript')}`],
        ['customer page', `/customers/${customer.id}`],
        ['invoice list', '/invoices'],
        ['invoice details', `/invoices/${invoice.id}`],
        ['payment list', '/payments'],
        ['overdue list', '/overdue'],
      ] as const) {
        await page.goto(url);
        await expectInert(page, dialogs, where);
      }
      // The RLO stays a character of the name: the text reads back exactly as written.
      expect(await page.evaluate((name) => document.body.innerText.includes(name.slice(name.indexOf('javascript'))), HOSTILE)).toBe(true);

      // The printable invoice, the HTML the PDF is printed from, in both languages.
      for (const lang of ['en', 'ar']) {
        const printed = await api.get(`${base}/invoices/${invoice.id}/pdf/?output=html&lang=${lang}`);
        expect(printed.status()).toBe(200);
        await page.setContent(await printed.text());
        await expectInert(page, dialogs, `printed invoice (${lang})`);
      }
      const pdf = await api.get(`${base}/invoices/${invoice.id}/pdf/`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
    } finally {
      await api.dispose();
    }
  });
});
