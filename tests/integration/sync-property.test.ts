// A property of the whole sync engine (fast-check): three devices of one organization (two of
// them the same user, the third a colleague) run random creates, edits and deletes of
// accounts, estimates and estimate items, including the same field of the same document on
// several devices, while devices drop off the network, push answers get lost after the server
// committed (so batches are sent again: duplicate deliveries), sync is stopped and started
// again without waiting for a push in flight, the server restarts (at once, or just as a device
// sends a push, so the push is cut off mid-way), and pulls are triggered in random order and twice. After quiescence:
//   1. every device holds exactly the server's rows (all replicated columns; deleted rows gone);
//   2. no edit is silently lost: each edit is on the server, or in some device's conflict log,
//      or was followed by a later edit of the same field. Acknowledged edits (the push was
//      answered 'applied') are reported apart, and there must be some in every run.
// Values are unique per edit, so a value on the server or in a log names the edit it came from.
// FC_SEED / FC_RUNS replay or widen a run; fast-check prints the seed and the failing ops (a
// replay repeats the ops, not the timing of the network, so a rare race may need more runs).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstimate } from '../../src/db/new-estimate';
import { addEstimateItem } from '../../src/features/estimates/commands';
import { insertDocument, patchDocument, removeDocument } from '../../src/db/documents';
import { definitionOf, type ReplicatedName } from '../../src/db/database';
import { backendsToTest, startTestServer, type Backend, type TestServer } from '../../supabase/local/testing/harness';
import { startSync, type StartSyncOptions } from '../../sync/index';
import { FAST, closeDevice, invite, openDevice, settle, signUp, sleep, type Device, type User } from './sync-support';

const backends = await backendsToTest();
const TABLES = ['accounts', 'estimates', 'estimate_items'] as const satisfies readonly ReplicatedName[];
type Table = (typeof TABLES)[number];
const FIELDS: Record<Table, readonly string[]> = {
  accounts: ['name', 'phone'],
  estimates: ['title', 'notes'],
  estimate_items: ['name', 'quantity', 'unit_price_cents'],
};

type Op =
  | { kind: 'create'; device: number; table: Table; pick: number }
  | { kind: 'patch'; device: number; table: Table; pick: number; field: number }
  | { kind: 'delete'; device: number; table: Table; pick: number }
  | { kind: 'offline'; device: number }
  | { kind: 'online'; device: number }
  | { kind: 'lose-answer'; device: number }
  | { kind: 'restart'; device: number }
  | { kind: 'server-restart'; device: number; midPush: boolean }
  | { kind: 'resync'; order: number[]; twice: boolean }
  | { kind: 'wait'; ms: number };

const device = fc.integer({ min: 0, max: 2 });
const table = fc.constantFrom(...TABLES);
// Few documents, so devices often edit the same one.
const pick = fc.nat({ max: 2 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('create' as const), device, table, pick }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('patch' as const), device, table, pick, field: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), device, table, pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('offline' as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('online' as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lose-answer' as const), device }) },
  // The app stops sync and starts it again (sign-out and in) without waiting for a push in flight.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('server-restart' as const), device, midPush: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resync' as const), order: fc.shuffledSubarray([0, 1, 2], { minLength: 1 }), twice: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 5, max: 120 }) }) },
);

type Edit = { step: number; table: Table; id: string; field: string; value: unknown; device: number };
type Ack = { table: Table; id: string; field: string; value: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The columns a device keeps that must equal the server's (derived ones are computed locally). */
function compared(name: Table, doc: Record<string, unknown>): Record<string, unknown> {
  const definition = definitionOf(name);
  const normalized = definition.normalize(doc);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(definition.fields)) if (!definition.derived.includes(key)) out[key] = (normalized as Record<string, unknown>)[key];
  return out;
}

/** One run: fresh organization, three fresh devices, the ops, quiescence, then the checks. */
async function run(server: TestServer, backend: Backend, runNo: number, ops: Op[]) {
  const tag = `${backend}-${runNo}-${Date.now()}`;
  const owner = await signUp(server, `prop-owner-${tag}@example.com`);
  const colleague = await invite(server, owner, `prop-sales-${tag}@example.com`, 'sales');
  const users: User[] = [owner, owner, colleague];
  const acks: Ack[] = [];
  const devices: Device[] = [];
  const stopping: Promise<void>[] = [];
  // Server restarts one after the other; awaited before the checks.
  let restarts = Promise.resolve();
  let restarted = 0;
  const restartServer = () => {
    restarts = restarts.then(async () => {
      await server.restart();
      restarted++;
    });
  };
  const onPushResult: NonNullable<StartSyncOptions['onPushResult']> = (name, id, result, pushed) => {
    if (result.status !== 'applied' || !(TABLES as readonly string[]).includes(name)) return;
    for (const field of [...FIELDS[name as Table], '_deleted']) if (field in pushed) acks.push({ table: name as Table, id, field, value: pushed[field] });
  };
  try {
    for (const user of users) devices.push(await openDevice(server, user, [...TABLES], { sync: { onPushResult } }));
    const ids: Record<Table, string[]> = { accounts: [], estimates: [], estimate_items: [] };
    const edits: Edit[] = [];
    let step = 0;
    const record = (d: number, t: Table, id: string, values: Record<string, unknown>) => {
      step++;
      for (const [field, value] of Object.entries(values)) edits.push({ step, table: t, id, field, value, device: d });
    };
    const unique = (d: number, field: string): unknown => {
      if (field === 'quantity') return step + 1 + d / 10;
      if (field === 'unit_price_cents') return (step + 1) * 100 + d;
      // The server checks a phone's form (crm migration): digits, unique per step and device.
      if (field === 'phone') return `+1 555 ${String(step + 1).padStart(4, '0')} ${d}`;
      return `${field}-${step + 1}-d${d}`;
    };

    // A shared starting point: one document of each kind on every device.
    const d0 = devices[0]!;
    const account = await insertDocument(d0.db, 'accounts', { org_id: owner.orgId, name: unique(0, 'name') as string });
    record(0, 'accounts', account.id, { name: account.name });
    ids.accounts.push(account.id);
    const estimate = await createEstimate(d0.db, { org_id: owner.orgId, owner_id: owner.userId, title: unique(0, 'title') as string });
    record(0, 'estimates', estimate.id, { title: estimate.title });
    ids.estimates.push(estimate.id);
    const item = await addEstimateItem(d0.db, estimate, { name: unique(0, 'name') as string, quantity: 1, unit_price_cents: 100 });
    record(0, 'estimate_items', item.id, { name: item.name, quantity: item.quantity, unit_price_cents: item.unit_price_cents });
    ids.estimate_items.push(item.id);
    await settle(devices);

    for (const op of ops) {
      switch (op.kind) {
        case 'offline':
          devices[op.device]!.net.online = false;
          break;
        case 'online':
          devices[op.device]!.net.online = true;
          break;
        case 'lose-answer':
          devices[op.device]!.net.dropPushResponses++;
          break;
        case 'restart': {
          const dev = devices[op.device]!;
          stopping.push(dev.sync.stop());
          dev.sync = startSync({ database: dev.db, supabase: dev.client, userId: dev.userId, orgId: dev.orgId, serverUrl: server.url, timing: FAST, onPushResult });
          break;
        }
        case 'server-restart':
          if (op.midPush) devices[op.device]!.net.onPushRequest = restartServer;
          else restartServer();
          break;
        case 'wait':
          await sleep(op.ms);
          break;
        case 'resync':
          for (let n = 0; n < (op.twice ? 2 : 1); n++) for (const d of op.order) devices[d]!.sync.resync();
          break;
        case 'create': {
          const dev = devices[op.device]!;
          if (op.table === 'accounts') {
            const doc = await insertDocument(dev.db, 'accounts', { org_id: owner.orgId, name: unique(op.device, 'name') as string });
            record(op.device, 'accounts', doc.id, { name: doc.name });
            ids.accounts.push(doc.id);
          } else if (op.table === 'estimates') {
            const user = users[op.device]!;
            const doc = await createEstimate(dev.db, { org_id: owner.orgId, owner_id: user.userId, title: unique(op.device, 'title') as string });
            record(op.device, 'estimates', doc.id, { title: doc.title });
            ids.estimates.push(doc.id);
          } else {
            const parents = await dev.db.estimates.find().exec();
            const parent = parents[op.pick % Math.max(1, parents.length)];
            if (!parent) break;
            const doc = await addEstimateItem(dev.db, parent, {
              name: unique(op.device, 'name') as string,
              quantity: unique(op.device, 'quantity') as number,
              unit_price_cents: unique(op.device, 'unit_price_cents') as number,
            });
            record(op.device, 'estimate_items', doc.id, { name: doc.name, quantity: doc.quantity, unit_price_cents: doc.unit_price_cents });
            ids.estimate_items.push(doc.id);
          }
          break;
        }
        case 'patch':
        case 'delete': {
          const dev = devices[op.device]!;
          const id = ids[op.table][op.pick % ids[op.table].length]!;
          // Only what this device has: a document it has not pulled yet, or deleted, cannot be edited here.
          if (!(await dev.db[op.table].findOne(id).exec())) break;
          if (op.kind === 'delete') {
            await removeDocument(dev.db, op.table, id);
            record(op.device, op.table, id, { _deleted: true });
          } else {
            const fields = FIELDS[op.table];
            const field = fields[op.field % fields.length]!;
            const value = unique(op.device, field);
            await patchDocument(dev.db, op.table, id, { [field]: value } as never);
            record(op.device, op.table, id, { [field]: value });
          }
          break;
        }
      }
    }

    // Quiescence: everyone online, no more lost answers, pull and push until nothing moves.
    for (const d of devices) {
      d.net.online = true;
      d.net.dropPushResponses = 0;
      d.net.onPushRequest = undefined;
    }
    await restarts;
    let mismatches: string[] = [];
    let server_: Record<Table, Map<string, Record<string, unknown>>> | undefined;
    for (let round = 0; round < 6; round++) {
      await settle(devices, 2);
      ({ mismatches, rows: server_ } = await compare(devices, ids));
      if (mismatches.length === 0) break;
    }
    const context = `ops: ${JSON.stringify(ops)}`;
    if (mismatches.length > 0) throw new Error(`devices differ from the server:\n${mismatches.slice(0, 10).join('\n')}\n${context}`);

    // No edit silently lost.
    const logged = new Set<string>();
    for (const d of devices) {
      for (const issue of await d.db.sync_issues.find({ selector: { kind: 'conflict' } }).exec()) {
        logged.add(`${issue.collection_name}:${issue.doc_id}:${issue.field}:${JSON.stringify(JSON.parse(issue.local_value))}`);
      }
    }
    const onServer = (t: Table, id: string, field: string, value: unknown) => {
      const row = server_![t].get(id);
      return !!row && same(field === '_deleted' ? row._deleted === true : row[field], value);
    };
    const inLog = (t: Table, id: string, field: string, value: unknown) => logged.has(`${t}:${id}:${field}:${JSON.stringify(value ?? null)}`);
    const lost = edits.filter(
      (e) =>
        !onServer(e.table, e.id, e.field, e.value) &&
        !inLog(e.table, e.id, e.field, e.value) &&
        !edits.some((later) => later.step > e.step && later.table === e.table && later.id === e.id && later.field === e.field),
    );
    const ackedKeys = new Set(acks.map((a) => `${a.table}:${a.id}:${a.field}:${JSON.stringify(a.value ?? null)}`));
    const lostAcked = lost.filter((e) => ackedKeys.has(`${e.table}:${e.id}:${e.field}:${JSON.stringify(e.value ?? null)}`));
    if (lostAcked.length > 0) throw new Error(`acknowledged edits lost: ${JSON.stringify(lostAcked)}\n${context}`);
    if (lost.length > 0) throw new Error(`edits lost: ${JSON.stringify(lost)}\n${context}`);
    if (acks.length === 0) throw new Error('no push was acknowledged: the run proves nothing');
    return { edits: edits.length, acks: acks.length, conflicts: logged.size, restarted };
  } finally {
    await restarts.catch(() => undefined);
    await Promise.all(stopping);
    for (const d of devices) await closeDevice(d);
  }
}

async function compare(devices: Device[], ids: Record<Table, string[]>) {
  const mismatches: string[] = [];
  const rows = {} as Record<Table, Map<string, Record<string, unknown>>>;
  for (const t of TABLES) {
    const { data, error } = await devices[0]!.client.from(t).select('*').in('id', ids[t]);
    if (error) throw error;
    rows[t] = new Map((data as Record<string, unknown>[]).map((r) => [String(r.id), r]));
    for (const [n, d] of devices.entries()) {
      const local = new Map((await d.db[t].find().exec()).map((doc) => [doc.id, doc.toJSON() as Record<string, unknown>]));
      const failed = new Set((await d.db.sync_issues.find({ selector: { kind: 'failure', collection_name: t } }).exec()).map((f) => f.doc_id));
      for (const [id, row] of rows[t]) {
        const mine = local.get(id);
        if (row._deleted === true) {
          if (mine) mismatches.push(`device ${n} still has ${t} ${id}, deleted on the server`);
        } else if (!mine) {
          mismatches.push(`device ${n} lacks ${t} ${id}`);
        } else if (!same(compared(t, mine), compared(t, row))) {
          mismatches.push(`device ${n} ${t} ${id}: ${JSON.stringify(compared(t, mine))} != server ${JSON.stringify(compared(t, row))}`);
        }
      }
      for (const id of local.keys()) if (!rows[t].has(id) && !failed.has(id)) mismatches.push(`device ${n} has ${t} ${id} the server never got`);
    }
  }
  return { mismatches, rows };
}

describe.each(backends)('sync property on %s', (backend: Backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('random ops, disconnects, lost answers and reordered pulls on 3 devices converge and lose no edit', async () => {
    const runs = Number(process.env.FC_RUNS ?? (backend === 'pglite' ? 8 : 4));
    const totals = { edits: 0, acks: 0, conflicts: 0, restarted: 0 };
    let runNo = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), async (ops) => {
        const result = await run(server, backend, ++runNo, ops);
        totals.edits += result.edits;
        totals.acks += result.acks;
        totals.conflicts += result.conflicts;
        totals.restarted += result.restarted;
      }),
      { numRuns: runs, endOnFailure: true, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
    console.info(`sync property on ${backend}: ${runs} runs, ${totals.edits} edits, ${totals.acks} acknowledged pushes, ${totals.conflicts} logged conflicts, ${totals.restarted} server restarts`);
    expect(totals.acks).toBeGreaterThan(0);
  }, 240_000);
});
