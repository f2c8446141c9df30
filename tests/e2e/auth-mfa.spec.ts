// MFA: enrol an authenticator app from the account security panel, then sign in with a code.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import * as OTPAuth from 'otpauth';
import { readQrCode } from './qr';
import { signUpStaff, storeSession } from './support';

test('enrol TOTP, then sign in with the password and a code', async ({ page, request, baseURL }) => {
  // Enrolment, two sign-ins and four accessibility checks: more than the default on a busy machine.
  test.setTimeout(90_000);
  const { email, password, session } = await signUpStaff(request, baseURL!, 'Alan', 'Turing');
  await storeSession(page, baseURL!, session);
  await page.goto('/settings#security');

  const panel = page.getByTestId('account-security-panel');
  await expect(panel.getByText('Two-factor authentication is off for your account.')).toBeVisible();
  await panel.getByRole('button', { name: 'Set up authenticator app' }).click();
  // Enrol as an authenticator app does: by scanning the QR image; the key shown as text is the same.
  const scanned = OTPAuth.URI.parse(await readQrCode(panel.getByRole('img', { name: /QR code/ })));
  if (!(scanned instanceof OTPAuth.TOTP)) throw new Error('the QR code is not a TOTP URI');
  expect(scanned.issuer).toBe('Customer Engagement Portal');
  expect(scanned.label).toBe(email);
  expect((await panel.getByTestId('totp-secret').textContent())!.trim()).toBe(scanned.secret.base32);
  const totp = new OTPAuth.TOTP({ secret: scanned.secret, digits: scanned.digits, period: scanned.period, algorithm: scanned.algorithm });

  const wrong = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');
  await panel.getByLabel('Code from your authenticator app').fill(wrong);
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('That code is not valid. Enter the current 6-digit code.')).toBeVisible();
  await expectAccessible(page, 'authenticator enrolment with a wrong code');

  await panel.getByLabel('Code from your authenticator app').fill(totp.generate());
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('Authenticator app added.', { exact: false })).toBeVisible();
  await expect(panel.getByTestId('factor-row')).toHaveCount(1);
  await expectAccessible(page, 'security panel with an authenticator');

  await page.getByRole('button', { name: 'Account menu for Alan Turing' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/estimates');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
  await expectAccessible(page, 'two-factor verification');

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
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Remove' })).toBeVisible();
  await expectAccessible(page, 'remove factor dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(panel.getByText('Two-factor authentication is off for your account.')).toBeVisible();
});

async function latestSmsCode(request: APIRequestContext, baseURL: string, digits: string, after: Set<string>): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const response = await request.get(`${baseURL}/_mail/api`);
    const { messages } = (await response.json()) as { messages: { id: string; kind: string; to: string; codes: string[] }[] };
    const sms = messages.find((m) => m.kind === 'sms' && m.to.replace(/[^0-9]/g, '') === digits && !after.has(m.id));
    if (sms?.codes[0]) {
      after.add(sms.id);
      return sms.codes[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS to ${digits}`);
}

test('enrol a phone factor, then sign in with a texted code', async ({ page, request, baseURL }) => {
  const { email, password, session } = await signUpStaff(request, baseURL!, 'Mary', 'Jackson');
  const digits = `1555${String(Date.now()).slice(-7)}`;
  const seen = new Set<string>();
  await storeSession(page, baseURL!, session);
  await page.goto('/settings#security');

  const panel = page.getByTestId('account-security-panel');
  await panel.getByRole('button', { name: 'Add phone number' }).click();
  await panel.getByRole('button', { name: 'Send code' }).click();
  await expect(panel.getByText('Enter a phone number with country code, e.g. +1 555 010 0100')).toBeVisible();
  await expectAccessible(page, 'phone enrolment with an error');
  await panel.getByLabel('Mobile phone number').fill(`+${digits}`);
  await panel.getByRole('button', { name: 'Send code' }).click();
  await panel.getByLabel('Code from the text message').fill(await latestSmsCode(request, baseURL!, digits, seen));
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('Phone added.', { exact: false })).toBeVisible();
  await expect(panel.getByTestId('factor-row')).toContainText(`Text message to`);

  await page.getByRole('button', { name: 'Account menu for Mary Jackson' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
  await expectAccessible(page, 'two-factor verification by text message');
  await page.getByLabel('Code from the text message').fill(await latestSmsCode(request, baseURL!, digits, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Mary Jackson' })).toBeVisible();
});
