import { expect, tenantTest } from './support/fixtures';

tenantTest.use({ signedInAs: 'admin' });

tenantTest(
  'the office copies a customer’s bill link, and the household opens it in a fresh browser without signing in and sees its balance',
  async ({ page, tenant, browser, baseURL }) => {
    const ELECTRICITY = tenant.electricity;
    const admin = await tenant.api('admin');
    const customer = await admin.post<{ id: number }>(`services/${ELECTRICITY}/customers/`, {
      full_name: 'Samira Haddad',
      phone: '+961 3 765 4321',
    });
    const today = new Date().toISOString().slice(0, 10);
    await admin.post(`services/${ELECTRICITY}/invoices/`, {
      customer: customer.id,
      period_start: `${today.slice(0, 8)}01`,
      period_end: today,
      lines: [{ description: 'Monthly fee', quantity: '1', unit_price: '42.50' }],
    });
    const { public_url: publicUrl } = await admin.get<{ public_url: string }>(`services/${ELECTRICITY}/customers/${customer.id}/`);
    const token = publicUrl.slice(publicUrl.lastIndexOf('/') + 1);

    // The office sees the link on the customer page.
    await page.goto(`/customers/${customer.id}`);
    const block = page.getByTestId('customer-bill-link');
    await expect(block.getByRole('heading', { name: 'Customer’s bill link' })).toBeVisible();
    await expect(block.getByRole('link', { name: publicUrl })).toBeVisible();

    // The household: a browser of its own, no session, a phone's width.
    const household = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    try {
      const phone = await household.newPage();
      await phone.goto(`/b/${token}`);
      await expect(phone.getByTestId('public-bill-balance')).toContainText('42.50');
      await expect(phone.getByText('Samira H…')).toBeVisible();
      await expect(phone.getByText('•••• 4321')).toBeVisible();
      await expect(phone.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
      const fits = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits).toBe(true);
    } finally {
      await household.close();
    }
  },
);
