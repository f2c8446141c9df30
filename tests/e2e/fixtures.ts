// Every spec imports `test` and `expect` from here, not from @playwright/test, so that each
// journey runs under the same checks:
// - `expectAccessible(page, label)`: axe-core with the WCAG 2.1 A/AA rules; fails on any
//   serious or critical violation. Call it on every screen a journey reaches, in the states
//   that matter (dialog open, form errors shown, offline banner shown), once per state. A
//   finding fails the test at its end and lets the journey go on.
// - every page of every browser context a test uses fails the test when the browser reports a
//   Content-Security-Policy violation (the server sends the CSP on every HTML response): the
//   test's own `context`, and any context the test opens with `browser.newContext()` or
//   `browser.newPage()` while it runs.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations, type AxeNode, type AxeViolation } from './axe';

export { expect };

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * A violation the screen is known to have, waiting for the fix named in `issue`: it excuses only
 * its rule on the elements matching the CSS selector `element`, and it must still occur (the
 * check fails once it is gone, so the entry leaves with the fix).
 */
export type KnownViolation = { rule: string; element: string; issue: string };

function describeViolation(label: string, v: AxeViolation): string {
  const nodes = v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ');
  return `${label}: ${v.id} (${v.impact}) ${v.help} — ${nodes}`;
}

/**
 * Transitions (a dialog fading in) and finite animations finish first: axe weighs opacity into
 * colour contrast, so a half-faded panel would fail. Endless ones (spinners) are left running.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** `${selector} ${target}` for every node of a known rule whose element matches the known selector. */
async function knownMatches(page: Page, violations: AxeViolation[], known: readonly KnownViolation[]): Promise<Set<string>> {
  const pairs = known.flatMap((k) =>
    violations
      .filter((v) => v.id === k.rule)
      .flatMap((v) => v.nodes.filter((n) => n.target.length === 1).map((n) => ({ selector: k.element, target: String(n.target[0]) }))),
  );
  if (!pairs.length) return new Set();
  const hits = await page.evaluate((list) => list.filter((p) => document.querySelector(p.target)?.matches(p.selector)), pairs);
  return new Set(hits.map((p) => `${p.selector} ${p.target}`));
}

/** Runs axe on the page as it is now; `label` names the screen and state in the failure. */
export async function expectAccessible(page: Page, label: string, options: { known?: readonly KnownViolation[] } = {}): Promise<void> {
  await settle(page);
  const serious = (await axeViolations(page, WCAG_TAGS)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const known = options.known ?? [];
  const matches = await knownMatches(page, serious, known);
  const excused = (v: AxeViolation, node: AxeNode) => known.some((k) => k.rule === v.id && matches.has(`${k.element} ${node.target.join(' ')}`));
  const unexpected = serious.map((v) => ({ ...v, nodes: v.nodes.filter((n) => !excused(v, n)) })).filter((v) => v.nodes.length > 0);
  const gone = known.filter((k) => !serious.some((v) => v.id === k.rule && v.nodes.some((n) => matches.has(`${k.element} ${n.target.join(' ')}`))));
  if (unexpected.length || gone.length) {
    await test.info().attach(`axe ${label}`, { body: JSON.stringify(serious, null, 2), contentType: 'application/json' });
  }
  // Soft: the journey goes on (its own checks still run) and the test fails at its end.
  expect.soft(unexpected.map((v) => describeViolation(label, v)), `accessibility of ${label}`).toEqual([]);
  expect.soft(
    gone.map((k) => `${label}: ${k.rule} on ${k.element} no longer occurs; remove it from the known violations (${k.issue})`),
    `known violations of ${label}`,
  ).toEqual([]);
}

/**
 * Nothing cut off: the page does not scroll sideways, and no element that hides its overflow
 * holds more than it shows (text cut at the edge of a box, an ellipsis). For the zoom checks
 * (WCAG 1.4.4 and 1.4.10: 200 % text at 1024 px is a 512 px wide viewport).
 */
export async function expectNoLostContent(page: Page, label: string): Promise<void> {
  await settle(page);
  const lost = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth} px)`);
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      // Hidden things and 1 px boxes (text for screen readers only) show nothing to lose.
      if (style.display === 'none' || style.visibility === 'hidden' || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if ((clipsX && el.scrollWidth > el.clientWidth + 1) || (clipsY && el.scrollHeight > el.clientHeight + 1)) {
        found.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 5).join('.')} "${(el.textContent ?? '').trim().slice(0, 50)}"`);
      }
    }
    return found;
  });
  expect.soft(lost, `content cut off on ${label}`).toEqual([]);
}

const CSP_VIOLATION = /Content Security Policy|Content-Security-Policy/i;

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      const watchPage = (page: Page) =>
        page.on('console', (message) => {
          if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      const watchContext = (watched: BrowserContext) => {
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watchContext(context);
      // Contexts the test opens itself (two users side by side, a second device).
      browser.on('context', watchContext);
      try {
        await use(violations);
      } finally {
        browser.off('context', watchContext);
      }
      expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
});
