// auth.users rows and GoTrue's user JSON (internal/models/user.go): what /user, sessions and
// the admin API return.
import type { Queryable } from '../db';
import { validationFailed } from './errors';

export type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  phone_change: string | null;
  phone_change_sent_at: string | null;
  reauthentication_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
};

type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
};

type FactorRow = {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  phone: string | null;
  last_challenged_at: string | null;
};

export type LoadedUser = { row: UserRow; identities: IdentityRow[]; factors: FactorRow[] };

/** ISO 8601 in UTC as GoTrue prints times; Postgres JSON gives an offset form. */
function iso(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const USER_SELECT = `
  select to_jsonb(u) as row,
    coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at, i.id) from auth.identities i where i.user_id = u.id), '[]'::jsonb) as identities,
    coalesce((select jsonb_agg(to_jsonb(f) - 'secret' order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = u.id), '[]'::jsonb) as factors
  from auth.users u`;

export async function loadUser(q: Queryable, where: { id?: string; email?: string; phone?: string }): Promise<LoadedUser | undefined> {
  let sql: string;
  let param: string;
  if (where.id !== undefined) {
    if (!isUuid(where.id)) return undefined;
    sql = `${USER_SELECT} where u.id = $1`;
    param = where.id;
  } else if (where.email !== undefined) {
    sql = `${USER_SELECT} where lower(u.email) = lower($1) and not u.is_sso_user order by u.created_at limit 1`;
    param = where.email;
  } else {
    sql = `${USER_SELECT} where u.phone = $1 limit 1`;
    param = where.phone ?? '';
  }
  const { rows } = await q.query<LoadedUser>(sql, [param]);
  return rows[0];
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function appMetadata(row: UserRow): Record<string, unknown> {
  const meta = { ...(row.raw_app_meta_data ?? {}) };
  if (meta.provider === undefined) meta.provider = row.email ? 'email' : row.phone ? 'phone' : 'email';
  if (!Array.isArray(meta.providers)) meta.providers = [meta.provider];
  return meta;
}

export function userJson(user: LoadedUser): Record<string, unknown> {
  const { row } = user;
  const json: Record<string, unknown> = {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: row.phone ?? '',
    phone_confirmed_at: iso(row.phone_confirmed_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(row.confirmed_at ?? row.email_confirmed_at ?? row.phone_confirmed_at),
    invited_at: iso(row.invited_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    new_email: row.email_change || undefined,
    email_change_sent_at: iso(row.email_change_sent_at),
    new_phone: row.phone_change || undefined,
    phone_change_sent_at: iso(row.phone_change_sent_at),
    reauthentication_sent_at: iso(row.reauthentication_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: appMetadata(row),
    user_metadata: row.raw_user_meta_data ?? {},
    identities: user.identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    factors: user.factors.length
      ? user.factors.map((f) => ({
          id: f.id,
          friendly_name: f.friendly_name ?? '',
          factor_type: f.factor_type,
          status: f.status,
          phone: f.phone ?? undefined,
          created_at: iso(f.created_at),
          updated_at: iso(f.updated_at),
          last_challenged_at: iso(f.last_challenged_at),
        }))
      : undefined,
    created_at: iso(row.created_at) ?? new Date(0).toISOString(),
    updated_at: iso(row.updated_at) ?? iso(row.created_at) ?? new Date(0).toISOString(),
    banned_until: iso(row.banned_until),
    is_anonymous: row.is_anonymous ?? false,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

export function isBanned(row: UserRow): boolean {
  return !!row.banned_until && new Date(row.banned_until).getTime() > Date.now();
}

const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (trimmed.length > 255 || !EMAIL.test(trimmed)) throw validationFailed('Unable to validate email address: invalid format');
  return trimmed;
}

/** GoTrue stores phones as E.164 digits without the plus. */
export function normalizePhone(phone: string): string {
  const digits = phone.trim().replace(/^\+/, '').replace(/[\s\-().]/g, '');
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw validationFailed('Invalid phone number format (E.164 required)');
  return digits;
}

export type NewUser = {
  email?: string;
  phone?: string;
  passwordHash?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  role?: string;
  id?: string;
};

/** Inserts the user and its email or phone identity; returns the new id. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<string> {
  const provider = user.email ? 'email' : 'phone';
  const app = { provider, providers: [provider], ...(user.appMetadata ?? {}) };
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, is_sso_user)
     values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()), 'authenticated', $2, $3, $4, $5,
             case when $6 then now() end, case when $7 then now() end, $8, $9, now(), now(), false, false)
     returning id`,
    [
      user.id ?? null,
      user.role ?? 'authenticated',
      user.email ?? null,
      user.phone ?? null,
      user.passwordHash ?? null,
      !!user.email && !!user.emailConfirmed,
      !!user.phone && !!user.phoneConfirmed,
      app,
      user.userMetadata ?? {},
    ],
  );
  const id = rows[0]!.id;
  await upsertIdentity(tx, id);
  return id;
}

/** Keeps the email/phone identity in step with the user row, as GoTrue does. */
export async function upsertIdentity(tx: Queryable, userId: string): Promise<void> {
  const { rows } = await tx.query<{ email: string | null; phone: string | null; email_confirmed_at: string | null; phone_confirmed_at: string | null }>(
    'select email, phone, email_confirmed_at, phone_confirmed_at from auth.users where id = $1',
    [userId],
  );
  const u = rows[0];
  if (!u) return;
  const provider = u.email ? 'email' : 'phone';
  const data: Record<string, unknown> = {
    sub: userId,
    email_verified: !!u.email_confirmed_at,
    phone_verified: !!u.phone_confirmed_at,
  };
  if (u.email) data.email = u.email;
  if (u.phone) data.phone = u.phone;
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()`,
    [userId, userId, data, provider],
  );
}
