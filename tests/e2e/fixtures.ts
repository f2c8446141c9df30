// Every spec imports `test` and `expect` from here, not from @playwright/test, so that each
// journey runs under the same checks:
// - `expectAccessible(page, label)`: axe-core with the WCAG 2.1 A/AA rules; fails on any
//   serious or critical violation. Call it on every screen a journey reaches, in the states
//   that matter (dialog open, form errors shown, offline banner shown).
// - every page of every test fails the test when the browser reports a Content-Security-Policy
//   violation (the server sends the CSP on every HTML response).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page as it is now; `label` names the screen and state in the failure. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `accessibility of ${label}`,
  ).toEqual([]);
}

const CSP_VIOLATION = /Content Security Policy|Content-Security-Policy/i;

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
});
