// Shared setup for the database tests: users and teams created straight in SQL (as GoTrue
// would insert them), and transactions run as a user or as anon exactly as PostgREST runs them.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { withRequestContext } from '../local/request-context';
import { canonicalSnapshot, sha256Hex, type SnapshotEstimate, type SnapshotItem } from '../../src/lib/estimate-snapshot';

export type Role = 'owner' | 'admin' | 'sales' | 'viewer';
export type Team = { orgId: string; owner: string; admin: string; sales: string; viewer: string };

const userColumns = `instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change`;
const userValues = `'00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
  '{"provider":"email","providers":["email"]}', $3, now(), now(), '', '', '', ''`;

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@test.example`;
}

/** Inserts a user as sign-up does, so the sign-up trigger runs. */
export async function signUpUser(db: Queryable, email: string, metadata: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  await db.query(`insert into auth.users (${userColumns}) values (${userValues})`, [id, email, JSON.stringify(metadata)]);
  return id;
}

/** A member added straight to an organization, without an organization of their own. */
async function addMember(db: Db, orgId: string, role: Role, label: string = role): Promise<string> {
  const email = uniqueEmail(label);
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('cep.skip_signup_org', 'on', true)`);
    const id = await signUpUser(tx, email, { first_name: label, last_name: 'Tester' });
    await tx.query(
      `insert into public.profiles (org_id, user_id, role, first_name, last_name, email) values ($1, $2, $3, $4, 'Tester', $5)`,
      [orgId, id, role, label, email],
    );
    return id;
  });
}

async function ownedOrg(db: Db, userId: string): Promise<string> {
  const { rows } = await db.query<{ org_id: string }>(`select org_id from public.profiles where user_id = $1 and role = 'owner'`, [userId]);
  expect(rows).toHaveLength(1);
  return rows[0]!.org_id;
}

/** An organization created by an owner's sign-up, with one member in every other role. */
export async function createTeam(db: Db, label: string): Promise<Team> {
  const owner = await signUpUser(db, uniqueEmail(`${label}-owner`), { first_name: label, last_name: 'Owner' });
  const orgId = await ownedOrg(db, owner);
  return {
    orgId,
    owner,
    admin: await addMember(db, orgId, 'admin', `${label}-admin`),
    sales: await addMember(db, orgId, 'sales', `${label}-sales`),
    viewer: await addMember(db, orgId, 'viewer', `${label}-viewer`),
  };
}

export function asUser<T>(db: Db, userId: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return withRequestContext(db, { role: 'authenticated', claims: { sub: userId, role: 'authenticated', aud: 'authenticated' } }, fn);
}

export function asAnon<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return withRequestContext(db, { role: 'anon', claims: { role: 'anon' } }, fn);
}

/** The SQLSTATE a promise rejects with. */
export async function sqlState(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? 'no code';
  }
  return 'succeeded';
}

export async function insertEstimate(
  tx: Queryable,
  orgId: string,
  values: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const row = { id: randomUUID(), org_id: orgId, number: `DRAFT-${randomUUID().slice(0, 6)}`, title: 'Test estimate', ...values };
  const columns = Object.keys(row);
  const { rows } = await tx.query(
    `insert into public.estimates (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(row),
  );
  return rows[0]!;
}

export async function insertItem(
  tx: Queryable,
  orgId: string,
  estimateId: string,
  values: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const row = { id: randomUUID(), org_id: orgId, estimate_id: estimateId, name: 'Item', quantity: 1, unit_price_cents: 10000, ...values };
  const columns = Object.keys(row);
  const { rows } = await tx.query(
    `insert into public.estimate_items (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(row),
  );
  return rows[0]!;
}

/** The estimate and its items as a device holds them (numbers, not numeric strings), for canonicalSnapshot. */
export async function deviceCopy(db: Queryable, estimateId: string): Promise<{ estimate: SnapshotEstimate; items: SnapshotItem[] }> {
  const e = (await db.query<Record<string, unknown>>(`select *, to_char(valid_until, 'YYYY-MM-DD') as valid_until_text from public.estimates where id = $1`, [estimateId])).rows[0];
  if (!e) throw new Error(`No estimate ${estimateId}`);
  const items = (await db.query<Record<string, unknown>>(`select * from public.estimate_items where estimate_id = $1`, [estimateId])).rows;
  return {
    estimate: {
      id: String(e.id), title: String(e.title), account_id: (e.account_id as string | null) ?? null, prospect_id: (e.prospect_id as string | null) ?? null,
      valid_until: (e.valid_until_text as string | null) ?? null, tax_rate: Number(e.tax_rate), discount_cents: Number(e.discount_cents), notes: String(e.notes), terms: String(e.terms),
    },
    items: items.map((i) => ({
      id: String(i.id), name: String(i.name), description: String(i.description), quantity: Number(i.quantity), unit: String(i.unit),
      unit_price_cents: Number(i.unit_price_cents), unit_cost_cents: i.unit_cost_cents === null ? null : Number(i.unit_cost_cents),
      discount_percent: Number(i.discount_percent), taxable: Boolean(i.taxable), optional: Boolean(i.optional), selected: Boolean(i.selected),
      sort_order: Number(i.sort_order), _deleted: Boolean(i._deleted),
    })),
  };
}

/** What a device records when the customer signs: typed name, signature, hash of what they saw. */
export async function acceptanceEvidence(copy: { estimate: SnapshotEstimate; items: SnapshotItem[] }, name = 'Pat Customer') {
  return {
    acceptance_sha256: await sha256Hex(canonicalSnapshot(copy.estimate, copy.items)),
    accepted_by_name: name,
    acceptance_signature: 'M 10 10 C 20 20, 40 20, 50 10',
  };
}

/** A staff client records the customer's acceptance of the estimate as the server has it (REST PATCH). */
export async function acceptOnDevice(db: Db, userId: string, estimateId: string, extra: Record<string, unknown> = {}) {
  const evidence = await acceptanceEvidence(await deviceCopy(db, estimateId));
  const values: Record<string, unknown> = { status: 'accepted', ...evidence, ...extra };
  const columns = Object.keys(values);
  await asUser(db, userId, (tx) =>
    tx.query(`update public.estimates set ${columns.map((c, i) => `"${c}" = $${i + 2}`).join(', ')} where id = $1`, [estimateId, ...Object.values(values)]),
  );
  return evidence;
}
