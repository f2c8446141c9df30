// /monitoring on the device of an admin whose changes meet trouble: a conflict (the owner changed
// the same field first) restored from the conflict log, and a change the server refuses once the
// admin is made sales, discarded for the server's version. Also the sync table, backend health,
// the log buffer, security events with filter and CSV, and the owner's access log.
// Screens at 1024×768 and 768×1024 go to test-results/screens/monitoring.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, goOffline, goOnline, inviteStaff, orgIdOf, runtimeConfig, signUpStaff, storeSession, type StoredSession } from './support';

const SHOTS = 'test-results/screens/monitoring';

async function screens(page: Page, name: string) {
  for (const [width, height] of [[1024, 768], [768, 1024]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

async function orgField(page: Page, baseURL: string, session: StoredSession, orgId: string, field: string): Promise<unknown> {
  const rows = (await api(page.request, baseURL, session, 'GET', `/rest/v1/organizations?id=eq.${orgId}&select=${field}`)) as Record<string, unknown>[];
  return rows[0]![field];
}

/** Changes one organization field in the settings form and saves it on the device. */
async function saveOrgField(page: Page, label: string, value: string) {
  await page.goto('/settings#organization');
  const form = page.getByRole('form', { name: 'Organization settings' });
  await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Save organization' }).click();
  await expect(page.getByText('Organization settings saved.', { exact: false })).toBeVisible();
}

test('a conflict is restored and a refused change discarded from the monitoring page', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await signUpStaff(page.request, baseURL!, 'Mona', 'Owner');
  const orgId = await orgIdOf(page.request, baseURL!, owner.session);
  const admin = await inviteStaff(page.request, baseURL!, owner.session, orgId, 'admin', 'Abe', 'Admin');
  await page.goto('/auth');
  await page.getByLabel('Email or phone number').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // A conflict: offline, the admin changes the phone; the owner changes it first on the server.
  await page.goto('/settings#organization');
  await expect(page.getByRole('form', { name: 'Organization settings' }).getByLabel('Organization name')).toHaveValue("Mona Owner's organization");
  await goOffline(context);
  await saveOrgField(page, 'Phone', '+1 555 0101');
  await api(page.request, baseURL!, owner.session, 'PATCH', `/rest/v1/organizations?id=eq.${orgId}`, { phone: '+1 555 0202' });
  await goOnline(context);
  await page.goto('/monitoring');
  const conflict = page.getByTestId('conflict');
  await expect(conflict).toContainText('Organization · phone');
  await expect(conflict).toContainText('+1 555 0101');
  await expect(conflict).toContainText('+1 555 0202');
  await expectAccessible(page, 'monitoring with a conflict');
  await screens(page, 'monitoring-conflict');
  await conflict.getByRole('button', { name: 'Restore my value' }).click();
  await expect(page.getByTestId('conflict')).toHaveCount(0);
  await expect.poll(() => orgField(page, baseURL!, owner.session, orgId, 'phone')).toBe('+1 555 0101');

  // A refusal: offline again, the admin edits the terms; meanwhile the owner makes them sales.
  await goOffline(context);
  await saveOrgField(page, 'Default terms', 'Terms the admin wrote offline');
  const adminProfile = (await api(page.request, baseURL!, owner.session, 'GET', `/rest/v1/profiles?user_id=eq.${admin.session.user.id}&select=id`)) as { id: string }[];
  const { supabaseAnonKey } = await runtimeConfig(page.request, baseURL!);
  const demoted = await page.request.post(`${baseURL}/rest/v1/rpc/set_member_role`, {
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${owner.session.access_token}`, 'content-type': 'application/json' },
    data: { p_profile_id: adminProfile[0]!.id, p_role: 'sales' },
  });
  expect(demoted.ok()).toBe(true);
  await goOnline(context);
  await page.goto('/monitoring');
  const refused = page.getByTestId('failed-document');
  await expect(refused).toContainText("Organization: Mona Owner's organization");
  await expect(refused).toContainText('Your role does not allow this change.');
  await expectAccessible(page, 'monitoring with a refused change');
  await screens(page, 'monitoring-refused');
  await refused.getByRole('button', { name: /^Discard my change/ }).click();
  await expect(page.getByTestId('failed-document')).toHaveCount(0);
  expect(await orgField(page, baseURL!, owner.session, orgId, 'default_terms')).toBe('');
  // The next pull puts the server's version back on the device.
  await expect(async () => {
    await page.goto('/settings#organization');
    await expect(page.getByRole('form', { name: 'Organization settings' }).getByLabel('Default terms')).toHaveValue('', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('failed-document')).toHaveCount(0);

  // The rest of the page: sync per collection, the backend, the log, security events.
  await page.goto('/monitoring');
  const sync = page.getByRole('region', { name: 'Sync' });
  await expect(sync.getByRole('row', { name: /Organization/ })).toBeVisible();
  await expect(sync.getByTestId('sync-summary')).toContainText('Connected');
  await expect(page.getByTestId('backend-health')).toContainText('OK');
  await expect(page.getByTestId('log-buffer')).toContainText('Realtime connected');
  const events = page.getByRole('region', { name: 'Security events' });
  await events.getByLabel('Type').selectOption('login_success');
  await expect(events.getByRole('status')).toHaveText(/^1 of \d+ events$/);
  await events.getByLabel('Search').fill(admin.email);
  await expect(events.getByRole('row', { name: new RegExp('Sign-in success') })).toBeVisible();
  const download = page.waitForEvent('download');
  await events.getByRole('button', { name: 'Export CSV' }).click();
  const csv = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('timestamp,event_type,user_id,session_id,email,client_id,action,reason,error');
  expect(csv).toContain(`login_success,${admin.session.user.id}`);
  // Sales see their own device only.
  await expect(page.getByRole('region', { name: 'Customer sessions' })).toHaveCount(0);
});

test('owners see the portal sessions and the link access log', async ({ page, baseURL }) => {
  const owner = await signUpStaff(page.request, baseURL!, 'Lou', 'Logs');
  const orgId = await orgIdOf(page.request, baseURL!, owner.session);
  await inviteStaff(page.request, baseURL!, owner.session, orgId, 'viewer', 'Val', 'Viewer');
  await storeSession(page, baseURL!, owner.session);
  await page.goto('/monitoring');
  await expect(page.getByRole('region', { name: 'Customer sessions' })).toContainText('No one is signed in to a portal.');
  // Joining by invite is a use of an invite link.
  const log = page.getByRole('region', { name: 'Portal and link access' });
  await expect(log.getByRole('row', { name: /Invite/ })).toContainText('Opened');
  await expectAccessible(page, 'monitoring as an owner');
  await screens(page, 'monitoring-owner');
});
