import { uniqueName } from './support/api';
import { expect, tenantTest as test } from './support/fixtures';
import { createAddress, createBundle, createMeteredCustomer, type MeteredCustomer } from './support/tenant';
import { nth } from './support/invariant';

interface Paginated<T> {
  count: number;
  results: T[];
}
interface InvoiceRow {
  id: number;
  number: string;
  total: string;
}

/**
 * docs/offline.md, "The round's day on the phone", on a 390 px phone: only today's round is opened
 * online (no building, no door); its whole day is kept on the phone. Offline, the collector walks a
 * building with "Save and next": reads three meters and takes cash at the two doors that owe, whose
 * door screens were never opened online, with a reload in the middle. Back online, the server holds
 * each reading and each payment exactly once, with the moment it was taken on the phone.
 */
test.describe("the round's day offline", () => {
  test.use({ signedInAs: 'collector', viewport: { width: 390, height: 844 } });

  test('readings and cash at doors never opened online, save and next, a reload, then each write sent once', async ({
    page,
    context,
    tenant,
  }) => {
    test.setTimeout(240_000);
    const E = tenant.electricity;
    const admin = await tenant.api('admin');
    const office = await tenant.api('accountant');
    const place = await createAddress(admin, { region: uniqueName('Walk region'), street: 'Walk street', building: 'Tower 9' });
    const at = { region: place.region.id, street: place.street.id, building: place.building.id };
    const bundle = await createBundle(admin, E, { name: uniqueName('Walk 10 A'), price: '15', unit_price: '0.2' });
    const names = ['Walk Alpha', 'Walk Bravo', 'Walk Charlie'];
    const customers: MeteredCustomer[] = [];
    for (const [index, name] of names.entries())
      customers.push(
        await createMeteredCustomer(admin, E, { full_name: name, bundle: bundle.id, floor: String(index + 1), apartment: '1', ...at }),
      );
    // Alpha and Bravo owe; Charlie owes nothing (the last door: back to the building).
    const invoices: InvoiceRow[] = [];
    for (const [index, customer] of customers.slice(0, 2).entries())
      invoices.push(
        await admin.post<InvoiceRow>(`services/${E}/invoices/`, {
          customer: customer.id,
          period_start: '2026-10-01',
          period_end: '2026-10-31',
          lines: [{ description: 'Subscription', quantity: '1', unit_price: String(20 + index * 5) }],
        }),
      );
    await admin.post(`services/${E}/routes/assignments/`, { collector: tenant.users.collector.id, region: place.region.id });
    const collectorId = tenant.users.collector.id;
    await page.addInitScript((serviceId) => localStorage.setItem('selectedService', String(serviceId)), E);

    // Online, the round only: its whole day comes in one call and is kept on the phone.
    const dayAnswer = page.waitForResponse((response) => response.url().includes('/routes/field-data/'));
    await page.goto('/round');
    await expect(page.getByRole('heading', { name: "Today's round", level: 1 })).toBeVisible();
    expect((await dayAnswer).status()).toBe(200);
    await expect(page.getByRole('list', { name: "Today's round" })).toContainText('Tower 9');
    await expect
      .poll(() =>
        page.evaluate(
          (key) =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('meterline-offline');
              open.onsuccess = () => {
                const read = open.result.transaction('field-data').objectStore('field-data').get(key);
                read.onsuccess = () => resolve(String(read.result ?? ''));
                read.onerror = () => resolve('');
              };
              open.onerror = () => resolve('');
            }),
          `query-cache:${collectorId}`,
        ),
      )
      .toContain(nth(invoices, 1).number);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // No network from here on.
    await context.setOffline(true);
    const wentOffline = new Date();
    await page.goto(`/round/${place.building.id}`);
    await expect(page.getByRole('heading', { name: 'Tower 9', level: 1 })).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText('Offline');
    const header = page.getByTestId('round-progress').first();
    await expect(header).toHaveText('0 of 3 read, 0 paid');

    const readAndGoOn = async (name: string, value: string) => {
      const sheet = page.getByRole('dialog', { name });
      await sheet.getByLabel('New reading').fill(value);
      await sheet.getByRole('button', { name: 'Save and next' }).click();
      await expect(page.getByText(`Saved on this phone: ${name}`)).toBeVisible();
    };
    const takeAll = async (name: string, invoice: InvoiceRow) => {
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId('collect-total')).toContainText(`$${invoice.total}`);
      await page.getByRole('button', { name: /^Take all/ }).click();
      await page
        .getByRole('dialog', { name: 'Take cash' })
        .getByRole('button', { name: /^Received/ })
        .click();
      const receipt = page.getByRole('dialog', { name: /Receipt/ });
      await expect(receipt.getByTestId('receipt-pending')).toHaveText('Pending');
      await expect(receipt).toContainText(invoice.number);
      await receipt.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByText('Nothing is due.')).toBeVisible();
    };

    // Door 1: the meter, then its cash (the door screen, never opened online), then on.
    await page
      .getByRole('region', { name: nth(names, 0) })
      .getByRole('button', { name: 'Read meter' })
      .click();
    await readAndGoOn(nth(names, 0), '100');
    await takeAll(nth(names, 0), nth(invoices, 0));
    await page.getByRole('link', { name: 'Next door' }).click();

    // Door 2: the next meter opens by itself.
    await readAndGoOn(nth(names, 1), '110');
    await takeAll(nth(names, 1), nth(invoices, 1));
    // A reload with no network in the middle: the door screen and what waits are still there.
    await page.reload();
    await expect(page.getByRole('heading', { name: nth(names, 1), level: 1 })).toBeVisible();
    await expect(banner).toContainText('Waiting to send: 4');
    await expect(page.getByText('Nothing is due.')).toBeVisible();
    await page.getByRole('link', { name: 'Next door' }).click();

    // Door 3, the last: owes nothing, so back to the building with a word.
    await readAndGoOn(nth(names, 2), '120');
    await expect(page.getByText('Every meter of Tower 9 is read.')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(header).toHaveText('3 of 3 read, 0 paid');
    await expect(banner).toContainText('Waiting to send: 5');

    // Back online: everything goes out by itself, in order.
    await context.setOffline(false);
    await expect(banner).not.toContainText('Waiting to send');
    await expect(header).toHaveText('3 of 3 read, 2 paid');

    // Each reading and each payment exactly once, dated when it was taken on the phone.
    const cameBack = new Date();
    for (const [index, customer] of customers.entries()) {
      const readings = await office.get<Paginated<{ value: string; taken_at: string }>>(
        `services/${E}/subscriptions/${customer.subscription.id}/readings/`,
      );
      const taken = readings.results.filter((reading) => Number(reading.value) === 100 + index * 10);
      expect(taken, names[index]).toHaveLength(1);
      expect(new Date(nth(taken, 0).taken_at).getTime()).toBeGreaterThanOrEqual(wentOffline.getTime() - 1000);
      expect(new Date(nth(taken, 0).taken_at).getTime()).toBeLessThan(cameBack.getTime());
    }
    const payments = (
      await office.get<Paginated<{ invoice: number; amount: string; paid_at: string }>>(
        `services/${E}/payments/?received_by=${collectorId}`,
      )
    ).results;
    expect(payments.map((payment) => `${payment.invoice}:${payment.amount}`).sort()).toEqual(
      invoices.map((invoice) => `${invoice.id}:${invoice.total}`).sort(),
    );
    for (const payment of payments) expect(new Date(payment.paid_at).getTime()).toBeLessThan(cameBack.getTime());
  });
});
