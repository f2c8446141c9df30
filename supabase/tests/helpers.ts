// Shared setup for the database tests: users and teams created straight in SQL (as GoTrue
// would insert them), and transactions run as a user or as anon exactly as PostgREST runs them.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Db, Queryable } from '../local/db';
import { withRequestContext } from '../local/request-context';

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
export async function addMember(db: Db, orgId: string, role: Role, label: string = role): Promise<string> {
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

export async function ownedOrg(db: Db, userId: string): Promise<string> {
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
