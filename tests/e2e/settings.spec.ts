// /settings: the organization (bad input at the field, nothing changed; a logo resized in the
// browser; the public request link's QR code; new estimates take the new prefix), the profile
// and e-mail change, the security section (password change, sessions, recent events), this
// device (clear local data guarded while changes are unsynced), and a viewer's read-only view.
// Screens at 1024×768 and 768×1024 go to test-results/screens/settings.
import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import { expect, expectAccessible, test } from './fixtures';
import { readQrCode } from './qr';
import { api, goOffline, goOnline, inviteStaff, orgIdOf, runtimeConfig, signUpStaff, storeSession, type StoredSession } from './support';

const SHOTS = 'test-results/screens/settings';

async function screens(page: Page, name: string) {
  for (const [width, height] of [[1024, 768], [768, 1024]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

type Org = { estimate_prefix: string; default_tax_rate: number; brand_color: string; logo: string; phone: string; request_slug: string };

async function serverOrg(page: Page, baseURL: string, session: StoredSession, orgId: string): Promise<Org> {
  const rows = (await api(page.request, baseURL, session, 'GET', `/rest/v1/organizations?id=eq.${orgId}&select=*`)) as Org[];
  return rows[0]!;
}

test('the organization section refuses bad input at the field, then saves settings that new estimates use', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await signUpStaff(page.request, baseURL!, 'Sam', 'Settings');
  const orgId = await orgIdOf(page.request, baseURL!, owner.session);
  await storeSession(page, baseURL!, owner.session);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Organization settings' });
  await expect(form.getByLabel('Organization name')).toHaveValue("Sam Settings's organization");
  await expectAccessible(page, 'settings page');
  await screens(page, 'settings');

  await form.getByLabel('Estimate number prefix').fill('EST 1');
  await form.getByLabel('Default tax rate (%)').fill('101');
  await form.getByLabel('Brand colour', { exact: true }).fill('#ffeb3b');
  await form.getByRole('button', { name: 'Save organization' }).click();
  await expect(form.getByText('Use letters, digits and . _ / # - only, without spaces')).toBeVisible();
  await expect(form.getByText('The tax rate must be between 0 and 100')).toBeVisible();
  await expect(form.getByText('White text on this colour has a contrast of 1.2:1; choose a darker colour (at least 4.5:1).')).toBeVisible();
  await form.getByLabel('Estimate number prefix').fill('ESTIMATE-2026');
  await form.getByRole('button', { name: 'Save organization' }).click();
  await expect(form.getByText('The prefix has at most 10 characters')).toBeVisible();
  await expect(form.getByLabel('Estimate number prefix')).toHaveValue('ESTIMATE-2026');
  await expectAccessible(page, 'organization settings with errors');

  // Logos: not an image, too big, then a real one that is resized here.
  const upload = form.getByLabel(/Upload logo|Replace logo/);
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(form.getByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeVisible();
  await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(20 * 1024 * 1024) });
  await expect(form.getByText('The image is 20.0 MB; choose one under 10.0 MB.')).toBeVisible();
  await upload.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(form.getByText('This file is not an image that can be read.', { exact: false })).toBeVisible();
  expect((await serverOrg(page, baseURL!, owner.session, orgId)).estimate_prefix).toBe('EST-');

  const bigLogo = await QRCode.toBuffer('Summit Home Services', { width: 1800, margin: 4 });
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: bigLogo });
  await expect(form.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await form.getByLabel('Estimate number prefix').fill('Q-');
  await form.getByLabel('Default tax rate (%)').fill('8.25');
  await form.getByLabel('Brand colour', { exact: true }).fill('#1d4ed8');
  await form.getByLabel('Phone').fill('+1 555 010 0150');
  await form.getByRole('button', { name: 'Save organization' }).click();
  await expect(page.getByText('Organization settings saved.', { exact: false })).toBeVisible();

  await expect.poll(async () => (await serverOrg(page, baseURL!, owner.session, orgId)).estimate_prefix).toBe('Q-');
  const saved = await serverOrg(page, baseURL!, owner.session, orgId);
  expect({ tax: Number(saved.default_tax_rate), color: saved.brand_color, phone: saved.phone }).toEqual({ tax: 8.25, color: '#1d4ed8', phone: '+1 555 010 0150' });
  expect(saved.logo).toMatch(/^data:image\/(png|webp);base64,/);
  expect(saved.logo.length).toBeLessThanOrEqual(204_800);
  // Resized in the browser: the 1800-pixel upload is stored at most 512 pixels wide.
  const stored = Buffer.from(saved.logo.replace(/^data:image\/\w+;base64,/, ''), 'base64');
  if (saved.logo.startsWith('data:image/png')) expect(stored.readUInt32BE(16)).toBeLessThanOrEqual(512);
  else expect(stored.toString('ascii', 0, 4)).toBe('RIFF');

  // New estimates take the new prefix.
  const [estimate] = (await api(page.request, baseURL!, owner.session, 'POST', '/rest/v1/estimates', { org_id: orgId, number: 'DRAFT-PREFIX', title: 'After the change' })) as { number: string }[];
  expect(estimate!.number).toMatch(/^Q-\d{6}$/);

  // The public request link, read from its QR code as a phone would.
  const qr = page.getByRole('img', { name: 'QR code of the public request link' });
  expect(await readQrCode(qr)).toBe(`${new URL(baseURL!).origin}/requests?org=${saved.request_slug}`);
});

test('profile, e-mail change, password, sessions and this account\'s security events', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const member = await signUpStaff(page.request, baseURL!, 'Pia', 'Profile');
  await page.goto('/auth');
  await page.getByLabel('Email or phone number').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings#profile');

  const profile = page.getByRole('form', { name: 'Your profile' });
  await profile.getByLabel('Phone').fill('call me');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Use digits, spaces and + ( ) . - only')).toBeVisible();
  await profile.getByLabel('Phone').fill('+1 555 010 0177');
  await profile.getByLabel('Last name').fill('Profiled');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await expect
    .poll(async () => (await api(page.request, baseURL!, member.session, 'GET', `/rest/v1/profiles?user_id=eq.${member.session.user.id}&select=last_name,phone`)) as unknown[])
    .toEqual([{ last_name: 'Profiled', phone: '+1 555 010 0177' }]);

  const newEmail = `moved-${Date.now()}@example.com`;
  const emailForm = page.getByRole('form', { name: 'Change e-mail address' });
  await emailForm.getByLabel('New e-mail address').fill(member.email);
  await emailForm.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(emailForm.getByText('This is already your e-mail address')).toBeVisible();
  await emailForm.getByLabel('New e-mail address').fill(newEmail);
  await emailForm.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByTestId('email-change-pending')).toContainText(newEmail);
  await expect
    .poll(async () => ((await (await page.request.get(`${baseURL}/_mail/api?to=${encodeURIComponent(newEmail)}`)).json()) as { messages: unknown[] }).messages.length)
    .toBe(1);

  const security = page.getByTestId('account-security-panel');
  await expect(security.getByTestId('recent-security-events')).toContainText('Signed in');
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('Wrong-Current-1');
  await password.getByLabel('New password', { exact: true }).fill('short');
  await expect(password.getByText('Password must be at least 8 characters long', { exact: false })).toBeVisible();
  await password.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-8');
  await password.getByLabel('Confirm new password').fill('Brand-New-Pass-8');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The current password is not correct')).toBeVisible();
  await expectAccessible(page, 'security section with a wrong current password');
  await password.getByLabel('Current password').fill(member.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Password changed.', { exact: false })).toBeVisible();
  const { supabaseAnonKey } = await runtimeConfig(page.request, baseURL!);
  const signIn = await page.request.post(`${baseURL}/auth/v1/token?grant_type=password`, {
    headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
    data: { email: member.email, password: 'Brand-New-Pass-8' },
  });
  expect(signIn.ok()).toBe(true);

  await security.getByRole('button', { name: 'Sign out of other sessions' }).click();
  await expect(security.getByText('Your other sessions were signed out.', { exact: false })).toBeVisible();
  const other = (await signIn.json()) as StoredSession;
  const refused = await page.request.get(`${baseURL}/auth/v1/user`, { headers: { apikey: supabaseAnonKey, authorization: `Bearer ${other.access_token}` } });
  expect(refused.ok()).toBe(false);
  await expectAccessible(page, 'security section after changes');
});

test('clearing local data waits for an export while changes are unsynced', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await signUpStaff(page.request, baseURL!, 'Dev', 'Ice');
  await storeSession(page, baseURL!, owner.session);
  await page.goto('/settings#device');
  const device = page.getByRole('region', { name: 'This device' });
  await expect(device.getByTestId('storage-usage')).toContainText(' of ');
  await expect(device.getByTestId('pending-changes')).toHaveText('All changes on this device are synced.');

  await goOffline(context);
  const profile = page.getByRole('form', { name: 'Your profile' });
  await profile.getByLabel('Phone').fill('+1 555 010 0199');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(device.getByTestId('pending-changes')).toHaveText('1 change on this device has not reached the server yet.');
  await device.getByRole('button', { name: 'Clear local data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear the data on this device?' });
  await expect(dialog).toContainText('1 change on this device has not reached the server yet.');
  const clear = dialog.getByRole('button', { name: 'Clear local data' });
  await expect(clear).toBeDisabled();
  await expectAccessible(page, 'clear local data with unsynced changes');
  await screens(page, 'clear-local-data');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export unsynced changes' }).click();
  const file = await download;
  const exported = JSON.parse(await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))) as {
    unsynced_changes: number;
    collections: { profiles: { phone: string }[] };
  };
  expect(exported.unsynced_changes).toBe(1);
  expect(exported.collections.profiles.map((p) => p.phone)).toContain('+1 555 010 0199');
  await expect(clear).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Back online the change goes out; then clearing starts the app afresh from the server.
  await goOnline(context);
  await expect(device.getByTestId('pending-changes')).toHaveText('All changes on this device are synced.');
  await device.getByRole('button', { name: 'Clear local data…' }).click();
  await expect(clear).toBeEnabled();
  await clear.click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings#profile');
  await expect(page.getByRole('form', { name: 'Your profile' }).getByLabel('Phone')).toHaveValue('+1 555 010 0199');
});

test('a viewer sees the organization read-only', async ({ page, baseURL }) => {
  const owner = await signUpStaff(page.request, baseURL!, 'Oona', 'Owner');
  const orgId = await orgIdOf(page.request, baseURL!, owner.session);
  const viewer = await inviteStaff(page.request, baseURL!, owner.session, orgId, 'viewer', 'Vic', 'Viewer');
  await storeSession(page, baseURL!, viewer.session);
  await page.goto('/settings');
  await expect(page.getByText('Owners and admins change these settings.', { exact: false })).toBeVisible();
  const form = page.getByRole('form', { name: 'Organization settings' });
  await expect(form.getByLabel('Organization name')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save organization' })).toHaveCount(0);
  await expectAccessible(page, 'settings as a viewer');
});
