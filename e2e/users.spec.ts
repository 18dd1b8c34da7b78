import { signInThroughApi } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, tenantTest, test } from './support/fixtures';

tenantTest.describe('admin of a new client', () => {
  tenantTest.use({ signedInAs: 'admin' });

  tenantTest('resets a colleague’s password (shown once) and deactivates them after a confirmation', async ({ page, request, tenant }) => {
    // The client's own collector: nobody else signs in as them.
    const colleague = tenant.users.collector;
    await page.goto(`/users?search=${colleague.username}`);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(colleague.username);
    await page.getByRole('link', { name: colleague.username }).click();
    await expect(page).toHaveURL(`/users/${colleague.id}`);
    await expectNoSeriousA11yViolations(page, 'user');

    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
    const result = page.getByRole('dialog', { name: /^New password for/ });
    const newPassword = (await result.getByTestId('new-password').innerText()).trim();
    expect(newPassword.length).toBeGreaterThanOrEqual(8);
    await expectNoSeriousA11yViolations(page, 'new password');
    await result.getByRole('button', { name: 'I have noted it, close' }).click();
    await expect(page.getByText(newPassword)).toHaveCount(0);
    expect((await signInThroughApi(request, colleague.username, colleague.password)).status).toBe(401);
    expect((await signInThroughApi(request, colleague.username, newPassword)).status).toBe(200);

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: /^Deactivate/ });
    await expect(dialog).toContainText('is signed out at once');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
    expect((await signInThroughApi(request, colleague.username, newPassword)).status).toBe(401);
  });
});

test.describe('admin', () => {
  test.use({ signedInAs: 'admin' });

  test('the list keeps its filters in the URL and exports them as CSV', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Collector' }).click();
    await expect(page).toHaveURL(/role=collector/);
    await expect(page.getByRole('grid', { name: 'Users' }).getByRole('row').nth(1)).toContainText('Collector');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Collector');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('users.csv');
    const text = await file.path().then((path) => import('node:fs').then((fs) => fs.readFileSync(path, 'utf8')));
    expect(text.split('\n')[0]).toContain('username');
    expect(text).not.toMatch(/\n[^\n]*,accountant,/);
    await expectNoSeriousA11yViolations(page, 'user list filtered');
  });
});

test.describe('accountant', () => {
  test.use({ signedInAs: 'accountant' });

  test('reads users without any edit control', async ({ page }) => {
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New user' })).toHaveCount(0);
    await page.getByRole('grid', { name: 'Users' }).getByRole('link').first().click();
    await expect(page.getByText('You can see this user, but your role cannot change it.')).toBeVisible();
    // Read-only rather than disabled, like every record's read view; no Edit for this role.
    await expect(page.getByRole('textbox', { name: /^Username/ })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Save changes|Deactivate|Reset password/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'user read-only');
  });
});
