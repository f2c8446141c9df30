// The canonical snapshot is built twice: on the device (src/lib/estimate-snapshot.ts) to
// capture an acceptance offline, and on the server (private.estimate_snapshot) to check it.
// Both must produce the same bytes, so the same hash, for any content.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalSnapshot, sha256Hex, type SnapshotEstimate, type SnapshotItem } from '../../src/lib/estimate-snapshot';
import type { Db } from '../local/db';
import { backendsToTest, startTestServer, type TestServer } from '../local/testing/harness';
import { asUser, createTeam, insertEstimate, insertItem, type Team } from './helpers';

const backends = await backendsToTest();

type Case = {
  name: string;
  estimate: Partial<Omit<SnapshotEstimate, 'id' | 'account_id' | 'prospect_id'>> & { customer?: 'account' | 'prospect' | 'both' };
  items: (Partial<Omit<SnapshotItem, 'id'>> & { id?: string })[];
};

const awkward = 'Quote " backslash \\ slash / tab \t newline \n return \r bell \u0007 backspace \b formfeed \f unit sep \u001f del \u007f';

const cases: Case[] = [
  { name: 'an empty draft', estimate: {}, items: [] },
  {
    name: 'unicode in every string',
    estimate: { title: 'Küche – Renovierung 🚀 日本語 “smart quotes”', notes: 'Émoji 👩🏽‍🔧 and ß', terms: 'Line separator \u2028 paragraph \u2029 done', customer: 'account' },
    items: [{ name: 'Fliesen ✓', description: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 outside the BMP', unit: 'm²' }],
  },
  {
    name: 'quotes, backslashes, newlines and control characters',
    estimate: { title: awkward, notes: 'C:\\path\\to\\"file"\n\n', terms: '</script><!-- -->' },
    items: [{ name: awkward, description: '\u0001\u0002\u0003\u001e', unit: '"ft"' }],
  },
  {
    name: 'decimal quantities, discounts and tax rates',
    estimate: { tax_rate: 8.25, discount_cents: 1234 },
    items: [
      { quantity: 2.5, unit_price_cents: 1999, discount_percent: 12.5 },
      { quantity: 0.125, unit_price_cents: 100000, discount_percent: 0.001 },
      { quantity: 10, unit_price_cents: 333, taxable: false },
      { quantity: 0, unit_price_cents: 5000 },
      { quantity: 1.001, unit_price_cents: 1, discount_percent: 100 },
    ],
  },
  { name: 'a tax rate with three decimals and 100 %', estimate: { tax_rate: 7.125 }, items: [{ quantity: 3, unit_price_cents: 2501 }] },
  { name: 'a tax rate of 100 %', estimate: { tax_rate: 100 }, items: [{ quantity: 1, unit_price_cents: 999 }] },
  {
    name: 'a discount bigger than the subtotal',
    estimate: { tax_rate: 10, discount_cents: 999999 },
    items: [{ quantity: 1, unit_price_cents: 5000 }, { quantity: 2, unit_price_cents: 700, taxable: false }],
  },
  {
    name: 'optional items, selected and not',
    estimate: { tax_rate: 5 },
    items: [
      { quantity: 1, unit_price_cents: 10000 },
      { quantity: 1, unit_price_cents: 2500, optional: true, selected: false },
      { quantity: 2, unit_price_cents: 1500, optional: true, selected: true },
    ],
  },
  {
    name: 'deleted items are left out',
    estimate: {},
    items: [{ quantity: 1, unit_price_cents: 100 }, { quantity: 5, unit_price_cents: 100, _deleted: true }, { quantity: 2, unit_price_cents: 300 }],
  },
  {
    name: 'equal sort orders are ordered by id',
    estimate: { customer: 'prospect' },
    items: Array.from({ length: 6 }, (_, i) => ({ name: `Same place ${i}`, sort_order: i % 2, unit_price_cents: 100 * (i + 1) })),
  },
  {
    name: 'negative and large sort orders, a validity date, account and prospect',
    estimate: { valid_until: '2031-02-28', customer: 'both', notes: '' },
    items: [{ sort_order: 2147483647 }, { sort_order: -5 }, { sort_order: 0, unit_cost_cents: 4000 }],
  },
];

describe.each(backends)('canonical snapshot on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let team: Team;
  let accountId: string;
  let prospectId: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    db = server.ctx.db;
    team = await createTeam(db, 'snapshot');
    accountId = randomUUID();
    prospectId = randomUUID();
    await db.query(`insert into public.accounts (id, org_id, name) values ($1, $2, 'Snapshot Account')`, [accountId, team.orgId]);
    await db.query(`insert into public.prospects (id, org_id, first_name, last_name) values ($1, $2, 'Sam', 'Snapshot')`, [prospectId, team.orgId]);
  });
  afterAll(() => server?.close());

  it.each(cases.map((c) => [c.name, c] as const))('the server builds the same text and hash as the device: %s', async (_name, c) => {
    const { customer, ...fields } = c.estimate;
    const estimate: SnapshotEstimate = {
      id: randomUUID(),
      title: 'Snapshot case',
      account_id: customer === 'account' || customer === 'both' ? accountId : null,
      prospect_id: customer === 'prospect' || customer === 'both' ? prospectId : null,
      valid_until: null,
      tax_rate: 0,
      discount_cents: 0,
      notes: 'Notes',
      terms: 'Terms',
      ...fields,
    };
    const items: SnapshotItem[] = c.items.map((item, i) => ({
      id: randomUUID(),
      name: `Item ${i + 1}`,
      description: '',
      quantity: 1,
      unit: 'each',
      unit_price_cents: 1000,
      unit_cost_cents: null,
      discount_percent: 0,
      taxable: true,
      optional: false,
      selected: true,
      sort_order: i,
      _deleted: false,
      ...item,
    }));

    await asUser(db, team.sales, async (tx) => {
      await insertEstimate(tx, team.orgId, { ...estimate });
      for (const item of items) await insertItem(tx, team.orgId, estimate.id, { ...item });
    });
    const device = canonicalSnapshot(estimate, items);
    const { rows } = await db.query<{ snapshot: string }>(`select private.estimate_snapshot($1) as snapshot`, [estimate.id]);
    expect(rows[0]!.snapshot).toBe(device);
    expect(JSON.parse(device)).toMatchObject({ format: 1, estimate: { id: estimate.id } });

    // Sending snapshots a version whose hash is the device's hash of the same text.
    await asUser(db, team.sales, (tx) => tx.query(`update public.estimates set status = 'sent' where id = $1`, [estimate.id]));
    const version = await db.query<{ snapshot: string; snapshot_sha256: string }>(
      `select v.snapshot, v.snapshot_sha256 from public.estimate_versions v join public.estimates e on e.current_version_id = v.id where e.id = $1`,
      [estimate.id],
    );
    expect(version.rows[0]!.snapshot).toBe(device);
    expect(version.rows[0]!.snapshot_sha256).toBe(await sha256Hex(device));
  });

  it('never carries the estimate number, cost or margin', async () => {
    const id = randomUUID();
    await asUser(db, team.sales, async (tx) => {
      await insertEstimate(tx, team.orgId, { id, number: 'DRAFT-SECRET' });
      await insertItem(tx, team.orgId, id, { unit_cost_cents: 777 });
    });
    const { rows } = await db.query<{ snapshot: string }>(`select private.estimate_snapshot($1) as snapshot`, [id]);
    expect(rows[0]!.snapshot).not.toMatch(/number|cost|margin|DRAFT-SECRET|EST-/);
  });
});
