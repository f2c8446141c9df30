// /analytics with the demo data (supabase/seed.sql, on a server of this file's own): the figures
// on screen are those of the pure aggregation over the same documents, read through the API;
// a range and an owner change recompute them; a table exports its figures as CSV; a viewer
// sees no cost or margin; a reload with the server gone still shows the page.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { aggregate } from '../../src/features/analytics/aggregate';
import type { AnalyticsDocs } from '../../src/features/analytics/facts';
import { rangeOf, type Filters } from '../../src/features/analytics/filters';
import { formatDuration, formatPercent, FUNNEL_LABELS, monthLabel, STATUS_LABELS } from '../../src/features/analytics/format';
import type { AnalyticsQuery, AnalyticsResult } from '../../src/features/analytics/summarize';
import { formatMargin, formatMoney } from '../../src/lib/money';
import { expect, expectAccessible, test } from './fixtures';
import { goOffline, startPrivateServer, storeSession, waitForServiceWorker, type PrivateServer, type StoredSession } from './support';

const OWNER = { email: 'owner@summithome.example', password: 'Demo-Owner-2026!' };
const VIEWER = { email: 'viewer@summithome.example', password: 'Demo-Viewer-2026!' };
const PRIYA = 'a1b2c3d4-0000-4000-8000-0000000000a3';
const DEMO_ESTIMATES = 150;

let server: PrivateServer;
let docs: AnalyticsDocs;

test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);

async function anonKey(baseURL: string): Promise<string> {
  return ((await (await fetch(`${baseURL}/config.json`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
}

async function passwordSession(baseURL: string, who: { email: string; password: string }): Promise<StoredSession> {
  const response = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: await anonKey(baseURL), 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!response.ok) throw new Error(`sign-in of ${who.email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as StoredSession;
}

/** The organization's documents as the API gives them to its owner; numerics as numbers, as on the device. */
async function readDocs(baseURL: string, session: StoredSession): Promise<AnalyticsDocs> {
  const key = await anonKey(baseURL);
  const rows = async (table: string) => {
    const response = await fetch(`${baseURL}/rest/v1/${table}?select=*&_deleted=is.false`, { headers: { apikey: key, authorization: `Bearer ${session.access_token}` } });
    if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>[];
  };
  const num = (v: unknown) => Number(v);
  const estimates = (await rows('estimates')).map((e) => ({ ...e, tax_rate: num(e.tax_rate), discount_cents: num(e.discount_cents) }));
  const items = (await rows('estimate_items')).map((i) => ({ ...i, quantity: num(i.quantity), discount_percent: num(i.discount_percent), unit_price_cents: num(i.unit_price_cents), unit_cost_cents: i.unit_cost_cents === null ? null : num(i.unit_cost_cents) }));
  return {
    estimates: estimates as never,
    items: items as never,
    requests: (await rows('estimate_requests')) as never,
    profiles: (await rows('profiles')) as never,
    accounts: (await rows('accounts')) as never,
    products: (await rows('products')) as never,
    prospects: (await rows('prospects')) as never,
  };
}

/** What the pure function says for these filters today (the page computes its range the same way). */
function expected(filters: Partial<Filters>, withMargins: boolean): AnalyticsResult {
  const all: Filters = { preset: 'last-90', from: '', to: '', ownerId: '', accountId: '', ...filters };
  const answer = rangeOf(all, new Date());
  if (!answer.ok) throw new Error(answer.error);
  const query: AnalyticsQuery = { from: answer.range.from.getTime(), to: answer.range.to.getTime(), ownerId: all.ownerId, accountId: all.accountId, withMargins, now: Date.now() };
  return aggregate(docs, query);
}

async function openAnalytics(page: Page, who: { email: string; password: string }, path = '/analytics') {
  await storeSession(page, server.url, await passwordSession(server.url, who));
  await page.goto(`${server.url}${path}`);
  // The first sync brings the demo data; the worker follows it.
  await expect(page.getByRole('status').filter({ hasText: 'on this device' })).toHaveText(`${DEMO_ESTIMATES} estimates on this device`, { timeout: 90_000 });
  await settled(page);
}

async function settled(page: Page) {
  await expect(page.getByTestId('analytics')).toHaveAttribute('data-computing', 'false');
}

/** Cell texts of a table's body rows, without the colour names read to screen readers. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('table', { name, exact: true })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').replace(/, (healthy|thin|low) margin$/, '').trim())));
}

const count = (n: number) => n.toLocaleString('en-US');

async function expectFiguresOf(page: Page, result: AnalyticsResult) {
  await expect(page.getByTestId('kpi-estimates')).toHaveText(count(result.estimates));
  await expect(page.getByTestId('kpi-open')).toHaveText(formatMoney(result.open.totalCents));
  await expect(page.getByTestId('kpi-win-rate')).toHaveText(formatPercent(result.winRate.percent));
  await expect(page.getByTestId('kpi-revenue')).toHaveText(formatMoney(result.revenue.revenueCents));
  expect(await tableRows(page, 'Pipeline by status')).toEqual(result.pipeline.map((r) => [STATUS_LABELS[r.status], count(r.count), formatMoney(r.totalCents)]));
  expect(await tableRows(page, 'Accepted revenue by month')).toEqual(result.revenue.byMonth.map((m) => [monthLabel(m.month), count(m.accepted), formatMoney(m.revenueCents)]));
  expect((await tableRows(page, 'Funnel')).map((r) => r.slice(0, 2))).toEqual(result.funnel.map((s) => [FUNNEL_LABELS[s.step], count(s.count)]));
  expect(await tableRows(page, 'Time to view and to accept')).toEqual([
    ['Sent → first view', count(result.timeToView.count), formatDuration(result.timeToView.medianMs), formatDuration(result.timeToView.p90Ms)],
    ['Sent → accepted', count(result.timeToAccept.count), formatDuration(result.timeToAccept.medianMs), formatDuration(result.timeToAccept.p90Ms)],
  ]);
  const owner = (o: AnalyticsResult['owners'][number]) => [o.name, count(o.estimates), `${o.accepted} / ${o.decided}`, formatPercent(o.winRatePercent), formatMoney(o.revenueCents)];
  const product = (p: AnalyticsResult['topByRevenue'][number]) => [p.name, count(p.estimates), formatMoney(p.revenueCents)];
  if (result.withMargins) {
    await expect(page.getByTestId('kpi-margin')).toHaveText(formatPercent(result.margin!.averagePercent));
    expect(await tableRows(page, 'Margin distribution')).toEqual(result.margin!.buckets.map((b) => [b.label, count(b.count)]));
    expect(await tableRows(page, 'Estimates by owner')).toEqual(result.owners.map((o) => [...owner(o), formatPercent(o.averageMarginPercent)]));
    expect(await tableRows(page, 'Top products by revenue')).toEqual(result.topByRevenue.map((p) => [...product(p), formatMargin(p)]));
    expect(await tableRows(page, 'Top products by margin')).toEqual(result.topByMargin!.map((p) => [p.name, formatMoney(p.revenueCents), formatMoney(p.costCents!), formatMargin(p)]));
  } else {
    expect(await tableRows(page, 'Estimates by owner')).toEqual(result.owners.map(owner));
    expect(await tableRows(page, 'Top products by revenue')).toEqual(result.topByRevenue.map(product));
  }
}

test.beforeAll(async () => {
  // A fresh server migrates and loads the demo data: over a minute on a loaded machine.
  test.setTimeout(300_000);
  server = await startPrivateServer({ SEED: 'true' });
  docs = await readDocs(server.url, await passwordSession(server.url, OWNER));
  expect(docs.estimates).toHaveLength(DEMO_ESTIMATES);
});

test.afterAll(async () => {
  await server?.stop();
});

test('an owner sees the pure aggregation’s figures, follows range and owner changes, and exports a table', async ({ page }) => {
  await openAnalytics(page, OWNER);
  const last90 = expected({}, true);
  // The demo data spreads over 170 days: the default range holds some of it, not all.
  expect(last90.estimates).toBeGreaterThan(10);
  expect(last90.estimates).toBeLessThan(DEMO_ESTIMATES);
  await expectFiguresOf(page, last90);
  await expectAccessible(page, 'analytics, owner, last 90 days');

  await page.getByLabel('Date range', { exact: true }).selectOption('this-year');
  await expect(page).toHaveURL(/range=this-year/);
  await settled(page);
  await expectFiguresOf(page, expected({ preset: 'this-year' }, true));

  await page.getByLabel('Owner', { exact: true }).selectOption(PRIYA);
  await settled(page);
  const priya = expected({ preset: 'this-year', ownerId: PRIYA }, true);
  expect(priya.owners.map((o) => o.name)).toEqual(['Priya Shah']);
  await expectFiguresOf(page, priya);

  // A chart's tooltip is drawn once the pointer comes over it (redraws skip it until then).
  const pipelineChart = page.locator('[data-section="pipeline"] [data-chart]');
  await expect(pipelineChart.locator('.recharts-tooltip-wrapper')).toHaveCount(0);
  const bar = (await pipelineChart.locator('.recharts-bar-rectangle').first().boundingBox())!;
  await page.mouse.move(bar.x + 2, bar.y + bar.height / 2);
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await expect(pipelineChart.locator('.recharts-tooltip-wrapper')).toContainText(/\$[\d,]+\.\d{2} · \d+ estimates?/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Pipeline by status as CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  expect(csv.split('\r\n')).toEqual([
    'Status,Estimates,Total value (USD)',
    ...priya.pipeline.map((r) => `${STATUS_LABELS[r.status]},${r.count},${(r.totalCents / 100).toFixed(2)}`),
  ]);

  // A custom range keeps what was typed and says what is wrong with it.
  await page.getByLabel('Date range', { exact: true }).selectOption('custom');
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('The end date cannot be before the start date')).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2020-01-01');
  await expectAccessible(page, 'analytics, custom range with an error');
});

test('a viewer sees analytics without any cost or margin', async ({ page }) => {
  await openAnalytics(page, VIEWER);
  await expectFiguresOf(page, expected({}, false));
  await expect(page.getByText('Cost and margin figures are shown to owners, admins and sales staff.')).toBeVisible();
  await expect(page.getByTestId('kpi-margin')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Margin distribution' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Top products by margin' })).toHaveCount(0);
  for (const name of ['Top products by revenue', 'Estimates by owner']) {
    await expect(page.getByRole('table', { name }).getByRole('columnheader')).not.toContainText([/margin|cost/i]);
  }
  await expect(page.locator('main')).not.toContainText(/margin \(|\(\d+\.\d%\)/i);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Top products by revenue as CSV' }).click();
  const header = (await readFile(await (await download).path(), 'utf8')).split('\r\n')[0];
  expect(header).toBe('Product,Estimates,Revenue (USD)');
  await expectAccessible(page, 'analytics, viewer');
});

test('reloading with no connection still shows the figures', async ({ page, context }) => {
  await openAnalytics(page, OWNER, '/analytics?range=this-year');
  await waitForServiceWorker(page);
  await settled(page);
  const thisYear = expected({ preset: 'this-year' }, true);
  await expectFiguresOf(page, thisYear);
  await goOfflineForGood(context);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'on this device' })).toHaveText(`${DEMO_ESTIMATES} estimates on this device`);
  await settled(page);
  await expectFiguresOf(page, thisYear);
  await expectAccessible(page, 'analytics, offline after a reload');
});

/** The browser offline and this file's server stopped (a service worker's own requests ignore setOffline). */
async function goOfflineForGood(context: BrowserContext) {
  await goOffline(context);
  await server.stop();
}
