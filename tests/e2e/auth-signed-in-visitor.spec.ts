// A signed-in visitor who opens /auth by URL is sent on without the sign-in screen written into
// auth.html ever being drawn (src/auth-shell-server.tsx): each frame is checked for a visible
// password field.
import { expect, test } from './fixtures';
import { signUpStaff, storeSession } from './support';

test('a signed-in visitor at /auth never sees the sign-in form', async ({ page, request, baseURL }) => {
  const { session } = await signUpStaff(request, baseURL!, 'Ada', 'Lovelace');
  await storeSession(page, baseURL!, session);
  await page.addInitScript(() => {
    const w = window as unknown as { formSeen: boolean };
    w.formSeen = false;
    const look = () => {
      const field = document.querySelector('input[type="password"]');
      if (field && field.checkVisibility({ visibilityProperty: true })) w.formSeen = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { formSeen: boolean }).formSeen)).toBe(false);
});
