// MFA: enrol an authenticator app from the account security panel, then sign in with a code.
import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { signUpStaff, storeSession } from './support';

test('enrol TOTP, then sign in with the password and a code', async ({ page, request, baseURL }) => {
  const { email, password, session } = await signUpStaff(request, baseURL!, 'Alan', 'Turing');
  await storeSession(page, baseURL!, session);
  await page.goto('/settings#security');

  const panel = page.getByTestId('account-security-panel');
  await expect(panel.getByText('Two-factor authentication is off for your account.')).toBeVisible();
  await panel.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await panel.getByTestId('totp-secret').textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

  const wrong = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');
  await panel.getByLabel('Code from your authenticator app').fill(wrong);
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('That code is not valid. Enter the current 6-digit code.')).toBeVisible();

  await panel.getByLabel('Code from your authenticator app').fill(totp.generate());
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('Authenticator app added.', { exact: false })).toBeVisible();
  await expect(panel.getByTestId('factor-row')).toHaveCount(1);

  await page.getByRole('button', { name: 'Account menu for Alan Turing' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/estimates');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();

  // Staff routes stay closed at aal1.
  await page.goto('/products');
  await expect(page).toHaveURL(/\/auth\?mfa=1&redirect=%2Fproducts$/);
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();

  // Each time step is accepted once; the next step's code is within the server's window.
  await page.getByLabel('Code from your authenticator app').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/products$/);

  // Removing the factor turns the second step off again.
  await page.goto('/settings#security');
  await panel.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByText('Two-factor authentication is off for your account.')).toBeVisible();
});
