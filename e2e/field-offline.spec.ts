import type { Page } from '@playwright/test';
import { expect, tenantTest as test } from './support/fixtures';
import { apiClientFor } from './support/session';
import { createBundle, createMeteredCustomer, type MeteredCustomer } from './support/tenant';

interface Paginated<T> {
  count: number;
  results: T[];
}
interface InvoiceRow {
  id: number;
  number: string;
  total: string;
}

/** What the app keeps on the device for this user (IndexedDB, `meterline-offline` / `field-data`). */
function storedFieldData(page: Page, userId: number): Promise<string> {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('meterline-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('field-data')) return resolve('');
          const read = db.transaction('field-data').objectStore('field-data').get(key);
          read.onsuccess = () => resolve(String(read.result ?? ''));
          read.onerror = () => reject(read.error);
        };
      }),
    `query-cache:${userId}`,
  );
}

/**
 * Issue 16 on a 390 px phone with Playwright's offline mode. Until collectors may take payments
 * (issue 19, in parallel), the tenant's accountant does the field work: readings and cash.
 */
test.describe('field work without a network', () => {
  test.use({ signedInAs: 'accountant', viewport: { width: 390, height: 844 } });

  test('readings and payments made offline survive a reload, are sent once, and a refused one is shown to fix', async ({ page, context, baseURL, tenant }) => {
    test.setTimeout(240_000);
    const E = tenant.electricity;
    const admin = await tenant.api('admin');
    const bundle = await createBundle(admin, E, { name: 'Offline 10 A', price: '15', unit_price: '0.2' });
    const names = ['Field Alpha', 'Field Bravo', 'Field Charlie'];
    const customers: MeteredCustomer[] = [];
    for (const [index, name] of names.entries()) customers.push(await createMeteredCustomer(admin, E, { full_name: name, bundle: bundle.id, floor: String(index + 1), apartment: `${index + 1}A` }));
    const now = new Date();
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const periodStart = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    const periodEnd = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
    const invoices: InvoiceRow[] = [];
    for (const customer of customers) invoices.push(await admin.post<InvoiceRow>(`services/${E}/invoices/`, { subscription: customer.subscription.id, period_start: periodStart, period_end: periodEnd }));
    const accountantId = tenant.users.accountant.id;

    // Every answered write, to send them all a second time at the end.
    const sent: { url: string; body: string; key: string; status: number }[] = [];
    page.on('response', (response) => {
      const request = response.request();
      const key = request.headers()['idempotency-key'];
      if (request.method() === 'PUT' && key && !sent.some((item) => item.key === key)) sent.push({ url: request.url(), body: request.postData() ?? '', key, status: response.status() });
    });

    await page.addInitScript((serviceId) => localStorage.setItem('selectedService', String(serviceId)), E);

    // One visit online: the shell and pages are precached, the meters and invoices are on the device.
    await page.goto('/counters');
    await expect(page.getByRole('heading', { name: 'Counters', level: 1 })).toBeVisible();
    const meters = page.getByRole('list', { name: 'Counters' });
    for (const name of names) await expect(meters.getByRole('link').filter({ hasText: name })).toHaveCount(1);
    // Each screen's data is on the device (IndexedDB) before the next page load.
    await expect.poll(() => storedFieldData(page, accountantId)).toContain(names[2]);
    for (const invoice of invoices) {
      await page.goto(`/invoices/${invoice.id}`);
      await expect(page.getByRole('button', { name: 'Mark as paid' })).toBeVisible();
      await expect.poll(() => storedFieldData(page, accountantId)).toContain(invoice.number);
    }

    // Installable: the manifest, its icons, and a service worker in control of the page.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifestResponse = await page.request.get('/manifest.webmanifest');
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Meterline', short_name: 'Meterline', start_url: '/', display: 'standalone' });
    for (const size of ['192x192', '512x512']) expect(manifest.icons.some((icon) => icon.sizes === size && icon.type === 'image/png')).toBe(true);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
    const isControlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      return navigator.serviceWorker.controller?.scriptURL ?? null;
    });
    expect(isControlled).toMatch(/\/sw\.js$/);

    // No network: the shell and the data come from the device.
    await context.setOffline(true);
    await page.goto('/counters');
    await expect(page.getByRole('heading', { name: 'Counters', level: 1 })).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText('Offline');

    // Three readings.
    for (const [index, name] of names.entries()) {
      await meters.getByRole('link').filter({ hasText: name }).click();
      const sheet = page.getByRole('dialog', { name });
      await sheet.getByLabel('New reading').fill(String(100 + index * 10));
      await sheet.getByRole('button', { name: 'Save reading' }).click();
      await expect(page.getByText(`Saved on this phone: ${name}`)).toBeVisible();
      await expect(sheet).toBeHidden();
      await expect(banner).toContainText(`Waiting to send: ${index + 1}`);
    }

    // Meanwhile the office takes the whole payment of the third invoice.
    await admin.put(`services/${E}/invoices/${invoices[2].id}/create_payment/`, {});

    // Three payments on the phone: the first two will go through, the third is refused.
    for (const [index, invoice] of invoices.entries()) {
      await page.goto(`/invoices/${invoice.id}`);
      await page.getByRole('button', { name: 'Mark as paid' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark as paid' });
      await dialog.getByRole('button', { name: `Record $${invoice.total}` }).click();
      // The receipt on screen, marked pending.
      const receipt = page.getByRole('dialog', { name: /Receipt/ });
      await expect(receipt.getByTestId('receipt-pending')).toHaveText('Pending');
      await expect(receipt).toContainText(invoice.number);
      await expect(receipt).toContainText(`$${invoice.total}`);
      await receipt.getByRole('button', { name: 'Close' }).click();
      await expect(banner).toContainText(`Waiting to send: ${4 + index}`);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // A reload with no network: everything is still waiting, in the order it was taken.
    await page.reload();
    await expect(banner).toContainText('Offline');
    await expect(banner).toContainText('Waiting to send: 6');
    await banner.getByRole('button', { name: 'Show' }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting / To fix' });
    await expect(panel.getByTestId('waiting-item')).toHaveCount(6);
    await expect(panel.getByTestId('waiting-item').first()).toContainText(names[0]);
    await expect(panel.getByTestId('waiting-item').last()).toContainText(invoices[2].number);
    await panel.getByRole('button', { name: 'Close' }).click();
    expect(sent).toHaveLength(0);

    // The network is back: the waiting writes go out by themselves.
    await context.setOffline(false);
    await expect(banner).toContainText('To fix: 1');
    await expect(banner).not.toContainText('Waiting to send');
    await banner.getByRole('button', { name: 'Show' }).click();
    const fix = panel.getByTestId('to-fix-item');
    await expect(fix).toHaveCount(1);
    await expect(fix).toContainText(invoices[2].number);
    await expect(fix).toContainText('This invoice is already paid.');

    // The server holds exactly three readings and two payments from the phone.
    const accountant = await apiClientFor(baseURL!, tenant.users.accountant);
    try {
      const count = async () => {
        const readings: number[] = [];
        for (const customer of customers) readings.push(((await (await accountant.get(`/api/services/${E}/subscriptions/${customer.subscription.id}/readings/`)).json()) as Paginated<unknown>).count);
        const payments = ((await (await accountant.get(`/api/services/${E}/payments/?received_by=${accountantId}`)).json()) as Paginated<{ invoice: number; amount: string }>).results;
        return { readings, payments: payments.map((payment) => `${payment.invoice}:${payment.amount}`).sort() };
      };
      const expected = { readings: [1, 1, 1], payments: [`${invoices[0].id}:${invoices[0].total}`, `${invoices[1].id}:${invoices[1].total}`].sort() };
      expect(await count()).toEqual(expected);

      // A second replay of every write, with the same keys: answered again, nothing changes.
      expect(sent).toHaveLength(6);
      expect(sent.map((write) => write.status)).toEqual([200, 200, 200, 201, 201, 409]);
      for (const write of sent) {
        const again = await accountant.put(write.url, { data: JSON.parse(write.body), headers: { 'Idempotency-Key': write.key } });
        expect(again.status(), write.url).toBe(write.status);
        // A stored answer is replayed; a 409 stores none (the key may be retried) and moves nothing.
        if (write.status !== 409) expect(again.headers()['idempotent-replayed'], write.url).toBe('true');
      }
      expect(await count()).toEqual(expected);
    } finally {
      await accountant.dispose();
    }

    // The refused payment is dealt with, then dismissed: nothing is left on the phone.
    await fix.getByRole('button', { name: 'Dismiss' }).click();
    await expect(fix).toHaveCount(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(banner).toBeHidden();
  });
});
