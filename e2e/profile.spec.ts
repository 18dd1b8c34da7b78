import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, tenantTest as test } from './support/fixtures';
import { totp } from './support/totp';

/** "123456" → "١٢٣٤٥٦": what an Arabic phone keyboard types. */
const toArabicIndic = (digits: string) => digits.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

test.describe('in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a user turns on one-time codes from the profile and signs in with one', async ({ page, tenant }) => {
    // The accountant of a client of its own: turning on one-time codes changes nobody else's sign-in.
    const user = tenant.users.accountant;
    await page.addInitScript(() => {
      if (!localStorage.getItem('meterline-settings')) localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' }));
    });

    await page.goto('/login');
    await page.getByLabel('اسم المستخدم').fill(user.username);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await page.goto('/users/profile');
    await expect(page.getByRole('heading', { name: 'ملفي الشخصي', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile (ar)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: 'تفعيل رموز التحقق' }).dispatchEvent('click');
    const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s+/g, '');
    await expect(page.getByRole('img', { name: 'رمز QR لإضافة ميترلاين إلى تطبيق المصادقة' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'one-time code set-up (ar)');
    await page.getByLabel('الرمز من التطبيق').fill(toArabicIndic(totp(secret)));
    await page.getByRole('button', { name: 'تأكيد وتفعيل' }).dispatchEvent('click');
    await expect(page.getByRole('button', { name: 'تعطيل رموز التحقق' })).toBeVisible();
    await expect(page.getByText('مفعّلة', { exact: true })).toBeVisible();

    // Signing in again now takes a code. A code works once: the next time step's is valid too.
    await page.getByRole('button', { name: /قائمة الحساب|Account menu/ }).click();
    await page.getByRole('menuitem', { name: /تسجيل الخروج|Logout/ }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('اسم المستخدم').fill(user.username);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByRole('heading', { name: 'أدخل رمز التحقق لمرة واحدة' })).toBeVisible();
    await page.getByLabel('رمز التحقق').fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'تحقّق وسجّل الدخول' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});

test('a user changes their password and stays signed in with the new one', async ({ page, tenant }) => {
  const user = tenant.users.support;
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/customers');

  await page.goto('/users/profile');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+961 3 123 456');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('a-new-pass-2026');
  await page.getByLabel('Repeat the new password').fill('a-new-pass-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other devices are signed out.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile');

  // Still signed in: the next call works with the new tokens.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+961 3 123 456');
});

test('a user uploads a picture, sees it in the header, and a text file named .png is refused', async ({ page, tenant }) => {
  const user = tenant.users.collector;
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');

  await page.goto('/users/profile');
  const input = page.getByTestId('avatar-input');
  // A 1x1 PNG: the server recognises it by its first bytes.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Picture saved.')).toBeVisible();
  const headerPicture = page.getByRole('button', { name: 'Account menu' }).locator('img');
  // Media is private (docs/security.md): fetched with the token and shown from an object URL.
  await expect(headerPicture).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => headerPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await expectNoSeriousA11yViolations(page, 'profile with a picture');

  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  // The field's own alert; the "Picture saved." notice of the first upload may still show beside it.
  await expect(page.getByRole('alert').filter({ hasNotText: 'Picture saved.' })).toHaveText(
    'The picture must be a PNG, JPEG or WebP image.',
  );
  await expect(headerPicture).toHaveAttribute('src', /^blob:/);

  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Picture removed. Your initials are shown.')).toBeVisible();
  await expect(headerPicture).toHaveCount(0);
});
