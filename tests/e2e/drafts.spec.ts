// Blank drafts and deleting drafts (issue 17, defect 4), in Chromium against the real backend:
// "New estimate" clicked and left blank never reaches the server, so the next estimate with
// content still gets the first number; a never-sent draft is deleted from the list or from
// the editor, Undo puts it back, and a deletion that synced sticks after a reload, with the
// number it had recorded as void on the server.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { api, fillField, openEmptyWorkspace, signUpStaff, type StoredSession } from './support';

const SHOTS = 'test-results/screens/drafts';

async function serverEstimate(request: APIRequestContext, baseURL: string, session: StoredSession, id: string) {
  const rows = (await api(request, baseURL, session, 'GET', `/rest/v1/estimates?id=eq.${id}&select=number,_deleted`)) as { number: string; _deleted: boolean }[];
  return rows[0] ?? null;
}

async function voidedNumbers(request: APIRequestContext, baseURL: string, session: StoredSession) {
  const rows = (await api(request, baseURL, session, 'GET', `/rest/v1/voided_estimate_numbers?select=number`)) as { number: string }[];
  return rows.map((r) => r.number);
}

/** Every sync_push body the page sends. */
function recordPushes(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rpc/sync_push')) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

async function newEstimate(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'New estimate' }).first().click();
  await expect(page).toHaveURL(/\/estimates\/[0-9a-f-]+\/edit$/);
  return new URL(page.url()).pathname.split('/')[2]!;
}

async function backToList(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Estimates' }).first().click();
  await expect(page.getByRole('heading', { name: 'Estimates', exact: true })).toBeVisible();
}

const idle = (page: Page) => expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'idle');

test('a blank draft stays on the device; drafts are deleted with undo, and a synced deletion sticks', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { session } = await signUpStaff(page.request, baseURL!, 'Della', 'Drafts');
  const pushes = recordPushes(page);
  await openEmptyWorkspace(page, baseURL!, session);

  // Clicked and left blank.
  const blank = await newEstimate(page);
  const blankNumber = (await page.getByTestId('estimate-number').textContent())!;
  await backToList(page);

  // An estimate with content syncs and takes the first number: the blank one took none.
  const titled = await newEstimate(page);
  await fillField(page, 'Title', 'Garden shed');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-pending', 'false');
  await expect.poll(async () => (await serverEstimate(page.request, baseURL!, session, titled))?.number, { timeout: 30_000 }).toBe('EST-000001');
  await expect(page.getByTestId('estimate-number')).toHaveText('EST-000001');
  await idle(page);
  expect(await serverEstimate(page.request, baseURL!, session, blank)).toBeNull();
  expect(pushes.some((body) => body.includes(blank))).toBe(false);

  // Deleted from the list, undone, deleted again.
  await backToList(page);
  const blankRow = page.getByTestId('estimate-row').filter({ hasText: blankNumber });
  await expect(blankRow).toContainText('Untitled estimate');
  await expectAccessible(page, 'estimates list with a blank draft');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/list-1024x768.png` });
  await page.getByRole('button', { name: `Delete draft ${blankNumber}` }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Draft deleted' });
  await expect(toast).toContainText(`${blankNumber} was deleted.`);
  await expect(blankRow).toHaveCount(0);
  await expectAccessible(page, 'draft deleted, toast with undo');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: `${SHOTS}/deleted-toast-768x1024.png` });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(blankRow).toHaveCount(1);
  await page.getByRole('button', { name: `Delete draft ${blankNumber}` }).focus();
  await page.keyboard.press('Enter');
  await expect(blankRow).toHaveCount(0);

  // Deleted from the editor's header after it synced; Undo from the list, then deleted for good.
  await page.getByTestId('estimate-row').filter({ hasText: 'Garden shed' }).click();
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${titled}/edit$`));
  await page.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page.getByRole('heading', { name: 'Estimates', exact: true }).or(page.getByRole('heading', { name: 'No estimates yet' })).first()).toBeVisible();
  await page.getByTestId('toast').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('estimate-row').filter({ hasText: 'Garden shed' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete draft EST-000001 Garden shed' }).click();
  await expect(page.getByRole('heading', { name: 'No estimates yet' })).toBeVisible();
  await expect.poll(async () => (await serverEstimate(page.request, baseURL!, session, titled))?._deleted, { timeout: 30_000 }).toBe(true);
  await expect.poll(() => voidedNumbers(page.request, baseURL!, session)).toEqual(['EST-000001']);
  await idle(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'No estimates yet' })).toBeVisible();
  await idle(page);
  expect(await serverEstimate(page.request, baseURL!, session, blank)).toBeNull();
  expect(pushes.some((body) => body.includes(blank))).toBe(false);
});
