// The team in two browser contexts: an owner invites a new address, the invitee opens the
// mailed link in a fresh browser, signs up and lands in the owner's organization with its
// estimates; the used link then shows the one message for bad invitations; the owner changes
// the member's role and disables them, and their next request is refused and they are signed
// out. Also: bad input at the fields, the last-owner rule, and ownership transfer after the
// password. Screens at 1024×768 and 768×1024 go to test-results/screens/team.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, authStorageKey, inviteStaff, orgIdOf, runtimeConfig, signUpStaff, storeSession, type StoredSession } from './support';

const SHOTS = 'test-results/screens/team';
const INVALID = 'This invitation is invalid or has expired. Ask the person who invited you to send a new one.';
const LAST_OWNER = 'The organization needs an active owner: the last owner cannot be removed, disabled or made anything else. Transfer ownership first.';

async function screens(page: Page, name: string) {
  for (const [width, height] of [[1024, 768], [768, 1024]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

async function inviteLink(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`${baseURL}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: { links: string[] }[] };
      return messages.flatMap((m) => m.links).find((link) => link.includes('/invite/')) ?? '';
    })
    .toContain('/invite/');
  const { messages } = (await (await request.get(`${baseURL}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: { links: string[] }[] };
  return messages.flatMap((m) => m.links).find((link) => link.includes('/invite/'))!;
}

test('an owner builds a team: invite, join with the demo estimates, role change, disable', async ({ page, browser, request, baseURL }) => {
  // Two browsers, a sign-up and several screens: a long journey on a shared 2-core machine.
  test.setTimeout(180_000);
  const owner = await signUpStaff(request, baseURL!, 'Olive', 'Owner');
  const orgId = await orgIdOf(request, baseURL!, owner.session);
  for (const title of ['Deck rebuild', 'Kitchen refresh']) {
    await api(request, baseURL!, owner.session, 'POST', '/rest/v1/estimates', { org_id: orgId, number: `DRAFT-${title.slice(0, 4)}`, title });
  }
  await storeSession(page, baseURL!, owner.session);
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Olive Owner/ })).toContainText('You');
  await expectAccessible(page, 'team page');

  // Bad input, at the field; nothing is sent.
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('E-mail address').fill('not-an-address');
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(form.getByText('Enter a valid e-mail address, e.g. name@company.com')).toBeVisible();
  await form.getByLabel('E-mail address').fill(owner.email);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(form.getByText(`${owner.email} is already a member of the team.`)).toBeVisible();
  await form.getByLabel('E-mail address').fill('pat@elsewhere.example');
  await expect(form.getByText('This address is outside example.com.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'invite form with an error and a note');

  const inviteeEmail = `invitee-${Date.now()}@example.com`;
  await form.getByLabel('E-mail address').fill(inviteeEmail);
  await form.getByLabel('Role').selectOption('sales');
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invitation sent to ${inviteeEmail}.`, { exact: false })).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByRole('row', { name: new RegExp(inviteeEmail) })).toContainText('Sales');
  await expectAccessible(page, 'team page with a pending invitation');
  await screens(page, 'team-owner');

  // The invitee, in a browser of their own.
  const link = await inviteLink(request, baseURL!, inviteeEmail);
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  const card = invitee.getByTestId('invite-card');
  await expect(card).toContainText("Olive Owner's organization");
  await expect(card).toContainText('Olive Owner invited you to join as a sales rep.');
  await expect(card).toContainText(inviteeEmail);
  await expectAccessible(invitee, 'invite page, signed out');
  await screens(invitee, 'invite-sign-up');
  const signUp = invitee.getByRole('form', { name: 'Create your account' });
  await signUp.getByLabel('First name').fill('Ivy');
  await signUp.getByLabel('Last name').fill('Invitee');
  await signUp.getByLabel('Choose a password').fill('weak');
  await expect(signUp.getByText('Password must be at least 8 characters long', { exact: false })).toBeVisible();
  await expectAccessible(invitee, 'invite sign-up with a weak password');
  await signUp.getByLabel('Choose a password').fill('Joined-Team-2026!');
  await signUp.getByRole('button', { name: 'Create account and join' }).click();
  await expect(invitee).toHaveURL(/\/$/);
  await invitee.goto('/estimates');
  await expect(invitee.getByText('Deck rebuild')).toBeVisible();
  await expect(invitee.getByText('Kitchen refresh')).toBeVisible();
  const { supabaseUrl, supabaseAnonKey } = await runtimeConfig(request, baseURL!);
  const inviteeSession = await invitee.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession | null, authStorageKey(supabaseUrl));
  expect(inviteeSession?.user.email).toBe(inviteeEmail);

  // The link is used up: a fresh browser gets the one message for every bad invitation.
  const again = await browser.newPage();
  await again.goto(link);
  await expect(again.getByTestId('invite-problem')).toHaveText(INVALID);
  await expectAccessible(again, 'invite page, used link');
  await screens(again, 'invite-invalid');
  await again.close();

  // The owner sees the new member, makes them a viewer, then disables them.
  await page.goto('/team');
  const row = page.getByRole('row', { name: /Ivy Invitee/ });
  await expect(row).toContainText('Active');
  await row.getByLabel('Role of Ivy Invitee').selectOption('viewer');
  await expect(page.getByText('Ivy Invitee is now viewer.')).toBeVisible();
  await expect(row.getByLabel('Role of Ivy Invitee')).toHaveValue('viewer');
  await row.getByRole('button', { name: 'Actions for Ivy Invitee' }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable Ivy Invitee?' });
  await expectAccessible(page, 'disable member dialog');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await screens(page, 'team-disabled-member');

  // Their next request is refused (the session is gone), and the app signs them out.
  const user = await request.get(`${baseURL}/auth/v1/user`, { headers: { apikey: supabaseAnonKey, authorization: `Bearer ${inviteeSession!.access_token}` } });
  expect(user.status()).toBe(403);
  const refresh = await request.post(`${baseURL}/auth/v1/token?grant_type=refresh_token`, {
    headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
    data: { refresh_token: inviteeSession!.refresh_token },
  });
  expect(refresh.ok()).toBe(false);
  await expect(invitee).toHaveURL(/\/auth/);
  // Signing in again gets them no further than the door.
  await invitee.getByLabel('Email or phone number').fill(inviteeEmail);
  await invitee.getByLabel('Password', { exact: true }).fill('Joined-Team-2026!');
  await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(invitee.getByRole('heading', { name: 'You are not a member of an organization' })).toBeVisible();
  await inviteeContext.close();
});

test('the last owner stays, and ownership moves only after the password', async ({ page, request, baseURL }) => {
  const owner = await signUpStaff(request, baseURL!, 'Tess', 'Transfer');
  const orgId = await orgIdOf(request, baseURL!, owner.session);
  await inviteStaff(request, baseURL!, owner.session, orgId, 'admin', 'Ada', 'Admin');
  await storeSession(page, baseURL!, owner.session);
  await page.goto('/team');
  const own = page.getByRole('row', { name: /Tess Transfer/ });
  await own.getByLabel('Role of Tess Transfer').selectOption('admin');
  await expect(page.getByText(LAST_OWNER)).toBeVisible();
  await expect(own.getByLabel('Role of Tess Transfer')).toHaveValue('owner');

  const admin = page.getByRole('row', { name: /Ada Admin/ });
  await admin.getByRole('button', { name: 'Actions for Ada Admin' }).click();
  await page.getByRole('menuitem', { name: 'Transfer ownership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Ada Admin the owner?' });
  await dialog.getByLabel('Your password').fill('Not-My-Password-1');
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await expectAccessible(page, 'transfer ownership with a wrong password');
  await dialog.getByLabel('Your password').fill(owner.password);
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(page.getByText('Ada Admin now owns the organization. You are an admin.')).toBeVisible();
  // Sync brings the new roles; an admin can no longer change an owner.
  await expect(admin.getByText('Owner')).toBeVisible();
  await expect(own.getByLabel('Role of Tess Transfer')).toHaveValue('admin');
});

test('an invitation for an existing account: someone else signed in signs out, then the invitee signs in and joins; a signed-in invitee joins with one button', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await signUpStaff(request, baseURL!, 'Ines', 'Inviter');
  const orgId = await orgIdOf(request, baseURL!, owner.session);
  const existing = await signUpStaff(request, baseURL!, 'Eli', 'Existing');
  const bystander = await signUpStaff(request, baseURL!, 'Bo', 'Bystander');
  const invite = (await api(request, baseURL!, owner.session, 'POST', '/rest/v1/rpc/create_invite', { email: existing.email, role: 'viewer', org_id: orgId })) as { token: string };
  const memberships = async (session: StoredSession) =>
    ((await api(request, baseURL!, session, 'GET', `/rest/v1/profiles?user_id=eq.${session.user.id}&select=org_id,role`)) as { org_id: string; role: string }[]).filter((p) => p.org_id === orgId);

  await storeSession(page, baseURL!, bystander.session);
  await page.goto(`/invite/${invite.token}`);
  const other = page.getByTestId('invite-other-account');
  await expect(other).toContainText(`You are signed in as ${bystander.email}`);
  await expect(other).toContainText(existing.email);
  await expectAccessible(page, 'invite page, signed in as someone else');
  await other.getByRole('button', { name: 'Sign out' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in to join' });
  await expect(page.getByText(`Sign in as ${existing.email}.`)).toBeVisible();
  await signIn.getByLabel('Password', { exact: true }).fill(existing.password);
  await signIn.getByRole('button', { name: 'Sign in and join' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await memberships(existing.session)).toEqual([{ org_id: orgId, role: 'viewer' }]);

  const signedIn = await signUpStaff(request, baseURL!, 'Jo', 'Joiner');
  const second = (await api(request, baseURL!, owner.session, 'POST', '/rest/v1/rpc/create_invite', { email: signedIn.email, role: 'sales', org_id: orgId })) as { token: string };
  await storeSession(page, baseURL!, signedIn.session);
  await page.goto(`/invite/${second.token}`);
  await page.getByRole('button', { name: "Join Ines Inviter's organization" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await memberships(signedIn.session)).toEqual([{ org_id: orgId, role: 'sales' }]);
});
