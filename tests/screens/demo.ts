// What the screenshot scripts share: a private server with the demo data, signed in as its
// owner, and a picture taken once the screen has settled.
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { StoredSession } from '../e2e/support';

export const DEMO_OWNER = { email: 'owner@summithome.example', password: 'Demo-Owner-2026!' };

/** The demo owner's session, from the server's password grant. */
export async function signInDemoOwner(url: string): Promise<StoredSession> {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OWNER),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  return (await response.json()) as StoredSession;
}

/** Waits for `ready`, lets live queries and fonts settle, then writes `<dir>/<name>.png` (the whole page with `fullPage`). */
export async function shoot(page: Page, dir: string, name: string, ready: () => Promise<unknown>, { fullPage = false } = {}) {
  await ready();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
  console.log(`  ${name}.png`);
}
