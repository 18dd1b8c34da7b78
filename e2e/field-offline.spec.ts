import type { Page } from '@playwright/test';
import { uniqueName } from './support/api';
import { expect, test as demoTest, tenantTest as test } from './support/fixtures';
import { apiClientFor } from './support/session';
import { createAddress, createBundle, createMeteredCustomer, type MeteredCustomer } from './support/tenant';
import { first, nth } from './support/invariant';

interface Paginated<T> {
  count: number;
  results: T[];
}
interface InvoiceRow {
  id: number;
  number: string;
  total: string;
}

/** What the app keeps on the device (IndexedDB, `meterline-offline` / `field-data`): every key, and the cache of one user. */
function storedFieldData(page: Page, userId: number): Promise<{ keys: string[]; cache: string }> {
  return page.evaluate(
    (key) =>
      new Promise<{ keys: string[]; cache: string }>((resolve, reject) => {
        const open = indexedDB.open('meterline-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('field-data')) return resolve({ keys: [], cache: '' });
          const store = db.transaction('field-data').objectStore('field-data');
          const keys = store.getAllKeys();
          const read = store.get(key);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => keys.readyState === 'done' && resolve({ keys: keys.result.map(String), cache: String(read.result ?? '') });
          keys.onsuccess = () => read.readyState === 'done' && resolve({ keys: keys.result.map(String), cache: String(read.result ?? '') });
        };
      }),
    `query-cache:${userId}`,
  );
}

/**
 * docs/offline.md on a 390 px phone with Playwright's offline mode: a collector on today's round reads
 * three meters and takes cash at three doors with no network; one invoice was paid by the office
 * meanwhile. After a reload everything still waits; back online, the server holds exactly three
 * readings and two payments, a replay changes nothing, the refused one is shown to fix, and the
 * final receipts of the sent payments print.
 */
test.describe('field work without a network', () => {
  test.use({ signedInAs: 'collector', viewport: { width: 390, height: 844 } });

  test('a collector’s readings and cash taken offline survive a reload, are sent once, a refused one is shown to fix', async ({
    page,
    context,
    baseURL,
    tenant,
  }) => {
    test.setTimeout(240_000);
    const E = tenant.electricity;
    const admin = await tenant.api('admin');
    const office = await tenant.api('accountant');
    // Collectors take cash: the tenant setting is on by default.
    const config = await admin.get<{ collectors_take_payments: boolean }>('config/');
    expect(config.collectors_take_payments).toBe(true);
    const place = await createAddress(admin, { region: uniqueName('Offline region'), street: 'Field street', building: 'Tower 1' });
    const at = { region: place.region.id, street: place.street.id, building: place.building.id };
    const bundle = await createBundle(admin, E, { name: uniqueName('Offline 10 A'), price: '15', unit_price: '0.2' });
    const names = ['Field Alpha', 'Field Bravo', 'Field Charlie'];
    const customers: MeteredCustomer[] = [];
    for (const [index, name] of names.entries())
      customers.push(
        await createMeteredCustomer(admin, E, {
          full_name: name,
          bundle: bundle.id,
          floor: String(index + 1),
          apartment: `${index + 1}A`,
          ...at,
        }),
      );
    const invoices: InvoiceRow[] = [];
    for (const [index, customer] of customers.entries())
      invoices.push(
        await admin.post<InvoiceRow>(`services/${E}/invoices/`, {
          customer: customer.id,
          period_start: '2026-10-01',
          period_end: '2026-10-31',
          lines: [{ description: 'Subscription', quantity: '1', unit_price: String(15 + index * 5) }],
        }),
      );
    await admin.post(`services/${E}/routes/assignments/`, { collector: tenant.users.collector.id, region: place.region.id });
    const collectorId = tenant.users.collector.id;

    // Every answered write, to send them all a second time at the end.
    const sent: { url: string; body: string; key: string; status: number }[] = [];
    page.on('response', (response) => {
      const request = response.request();
      const key = request.headers()['idempotency-key'];
      if (request.method() === 'PUT' && key && !sent.some((item) => item.key === key))
        sent.push({ url: request.url(), body: request.postData() ?? '', key, status: response.status() });
    });
    await page.addInitScript((serviceId) => localStorage.setItem('selectedService', String(serviceId)), E);

    // One visit online: today's round, the building, each door's invoices; all of it on the device.
    await page.goto('/round');
    await expect(page.getByRole('heading', { name: "Today's round", level: 1 })).toBeVisible();
    await page.getByRole('list', { name: "Today's round" }).getByRole('link').filter({ hasText: 'Tower 1' }).click();
    await expect(page.getByRole('heading', { name: 'Tower 1', level: 1 })).toBeVisible();
    const cardOf = (name: string) => page.getByRole('region', { name });
    for (const [index, name] of names.entries()) {
      await cardOf(name).getByRole('link', { name: 'Collect' }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId('collect-invoice')).toContainText(nth(invoices, index).number);
      await page.goBack();
      await expect(cardOf(name).getByRole('button', { name: 'Read meter' })).toBeVisible();
    }
    // Stored for this user only, under their id.
    await expect.poll(async () => (await storedFieldData(page, collectorId)).cache).toContain(nth(invoices, 2).number);
    const stored = await storedFieldData(page, collectorId);
    expect(stored.keys).toEqual([`query-cache:${collectorId}`]);
    for (const name of names) expect(stored.cache).toContain(name);

    // Installable: a manifest with its icons, a service worker in control of the page (Chrome's own
    // verdict is the test below: this context is incognito, where Chrome never offers to install).
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Meterline', start_url: '/', display: 'standalone' });
    for (const size of ['192x192', '512x512'])
      expect(manifest.icons.some((icon) => icon.sizes === size && icon.type === 'image/png')).toBe(true);
    const controller = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      return navigator.serviceWorker.controller?.scriptURL ?? null;
    });
    expect(controller).toMatch(/\/sw\.js$/);

    // No network: the shell (service worker) and the round (IndexedDB) come from the device.
    await context.setOffline(true);
    await page.goto(`/round/${place.building.id}`);
    await expect(page.getByRole('heading', { name: 'Tower 1', level: 1 })).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText('Offline');

    // Three readings, on the round's cards.
    for (const [index, name] of names.entries()) {
      await cardOf(name).getByRole('button', { name: 'Read meter' }).click();
      const sheet = page.getByRole('dialog', { name });
      await sheet.getByLabel('New reading').fill(String(100 + index * 10));
      await sheet.getByRole('button', { name: 'Save reading' }).click();
      await expect(page.getByText(`Saved on this phone: ${name}`)).toBeVisible();
      await expect(sheet).toBeHidden();
      await expect(banner).toContainText(`Waiting to send: ${index + 1}`);
    }

    // Meanwhile the office takes the whole payment of the third invoice.
    await office.put(`services/${E}/invoices/${nth(invoices, 2).id}/create_payment/`, {});

    // Cash at the three doors: the first two will go through, the third is refused.
    for (const [index, name] of names.entries()) {
      await cardOf(name).getByRole('link', { name: 'Collect' }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: /^Take all/ }).click();
      await page
        .getByRole('dialog', { name: 'Take cash' })
        .getByRole('button', { name: /^Received/ })
        .click();
      // The receipt on screen, marked pending.
      const receipt = page.getByRole('dialog', { name: /Receipt/ });
      await expect(receipt.getByTestId('receipt-pending')).toHaveText('Pending');
      await expect(receipt).toContainText(nth(invoices, index).number);
      await expect(receipt).toContainText(`$${nth(invoices, index).total}`);
      await receipt.getByRole('button', { name: 'Close' }).click();
      await expect(receipt).toBeHidden();
      // Not asked for twice: the cash waiting on this phone is off what the door owes.
      await expect(page.getByText('Nothing is due.')).toBeVisible();
      await expect(page.getByTestId('collect-pending-receipt')).toContainText('Pending');
      await expect(banner).toContainText(`Waiting to send: ${4 + index}`);
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Tower 1', level: 1 })).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Signing out would delete them: it asks first.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const askSignOut = page.getByRole('dialog', { name: 'Sign out with writes waiting?' });
    await expect(askSignOut).toContainText('6 readings or payments');
    await askSignOut.getByRole('button', { name: 'Cancel' }).click();
    await expect(askSignOut).toBeHidden();

    // A reload with no network: everything is still waiting, in the order it was taken.
    await page.reload();
    await expect(banner).toContainText('Offline');
    await expect(banner).toContainText('Waiting to send: 6');
    await banner.getByRole('button', { name: 'Show' }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting / To fix' });
    await expect(panel.getByTestId('waiting-item')).toHaveCount(6);
    await expect(panel.getByTestId('waiting-item').first()).toContainText(first(names));
    await expect(panel.getByTestId('waiting-item').last()).toContainText(nth(invoices, 2).number);
    await panel.getByRole('button', { name: 'Close' }).click();
    expect(sent).toHaveLength(0);

    // The network is back: the waiting writes go out by themselves.
    await context.setOffline(false);
    await expect(banner).toContainText('To fix: 1');
    await expect(banner).toContainText('Sent, receipts to print: 2');
    await expect(banner).not.toContainText('Waiting to send');
    await banner.getByRole('button', { name: 'Show' }).click();
    const fix = panel.getByTestId('to-fix-item');
    await expect(fix).toHaveCount(1);
    await expect(fix).toContainText(nth(invoices, 2).number);
    await expect(fix).toContainText('This invoice is already paid.');
    const sentItems = panel.getByTestId('sent-item');
    await expect(sentItems).toHaveCount(2);

    // The server holds exactly three readings and two payments from the phone.
    const count = async () => {
      const readings: number[] = [];
      for (const customer of customers)
        readings.push((await office.get<Paginated<unknown>>(`services/${E}/subscriptions/${customer.subscription.id}/readings/`)).count);
      const payments = (
        await office.get<Paginated<{ invoice: number; amount: string }>>(`services/${E}/payments/?received_by=${collectorId}`)
      ).results;
      return { readings, payments: payments.map((payment) => `${payment.invoice}:${payment.amount}`).sort() };
    };
    const expected = {
      readings: [1, 1, 1],
      payments: [`${first(invoices).id}:${first(invoices).total}`, `${nth(invoices, 1).id}:${nth(invoices, 1).total}`].sort(),
    };
    expect(await count()).toEqual(expected);

    // A second replay of every write, with the same keys: answered again, nothing changes.
    expect(sent.map((write) => write.status)).toEqual([200, 200, 200, 201, 201, 409]);
    const collector = await apiClientFor(baseURL!, tenant.users.collector);
    try {
      for (const write of sent) {
        const again = await collector.put(write.url, { data: JSON.parse(write.body), headers: { 'Idempotency-Key': write.key } });
        expect(again.status(), write.url).toBe(write.status);
        // A stored answer is replayed; a 409 stores none (the key may be retried) and moves nothing.
        if (write.status !== 409) expect(again.headers()['idempotent-replayed'], write.url).toBe('true');
      }
    } finally {
      await collector.dispose();
    }
    expect(await count()).toEqual(expected);

    // The final receipt of a payment sent from the queue prints (the server's payment id).
    const receiptAnswer = page.waitForResponse((response) => /\/payments\/\d+\/receipt\//.test(response.url()));
    const popup = page.waitForEvent('popup');
    await sentItems
      .filter({ hasText: first(invoices).number })
      .getByRole('button', { name: 'Print receipt' })
      .click();
    const receipt = await receiptAnswer;
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toMatch(/application\/pdf|text\/html/);
    await (await popup).close();

    // The refused payment is dealt with, the receipts printed: dismissed, nothing is left on the phone.
    await fix.getByRole('button', { name: 'Dismiss' }).click();
    await expect(fix).toHaveCount(0);
    for (let left = 2; left > 0; left--) {
      await sentItems.first().getByRole('button', { name: 'Dismiss' }).click();
      await expect(sentItems).toHaveCount(left - 1);
    }
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(banner).toBeHidden();

    // Sign-out with nothing waiting: no question, and this user's data leaves the device.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(async () => (await storedFieldData(page, collectorId)).keys).toEqual([]);
  });
});

/**
 * Lighthouse 12 has no PWA category any more: Chrome itself is asked (CDP
 * `Page.getInstallabilityErrors`, the check behind its install prompt), in a persistent profile
 * (a default Playwright context is incognito, where Chrome answers `in-incognito` and nothing else).
 */
demoTest.describe('installable app', () => {
  demoTest(
    'Chrome finds nothing against installing it, and the shell opens with no network after one visit',
    async ({ playwright, baseURL }, testInfo) => {
      const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
        ...testInfo.project.use.launchOptions,
        baseURL,
        viewport: { width: 390, height: 844 },
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto('/login');
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
        const controller = await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller)
            await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
          return navigator.serviceWorker.controller?.scriptURL ?? null;
        });
        expect(controller).toMatch(/\/sw\.js$/);
        const cdp = await context.newCDPSession(page);
        const manifest = await cdp.send('Page.getAppManifest');
        expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
        expect(manifest.errors).toEqual([]);
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors).toEqual([]);
        await cdp.detach();

        // No network: the shell comes from the service worker.
        await context.setOffline(true);
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      } finally {
        await context.close();
      }
    },
  );
});
