// The admin user API the service role uses (internal/api/admin.go): list with GoTrue's
// pagination headers, create, get, update, delete.
import type { Context, Hono } from 'hono';
import type { LocalContext } from '../context';
import type { Queryable } from '../db';
import { notFound, unprocessable, validationFailed } from './errors';
import { requireAdmin } from './guard';
import { bool, obj, readJson, str, type Body } from './http';
import { assertStrongPassword, hashPassword } from './passwords';
import { insertUser, isUuid, loadUser, normalizeEmail, normalizePhone, upsertIdentity, userJson } from './users';

export function adminRoutes(app: Hono, ctx: LocalContext): void {
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(ctx, c);
    await next();
  });
  app.get('/admin/users', (c) => listUsers(ctx, c));
  app.post('/admin/users', (c) => createUser(ctx, c));
  app.get('/admin/users/:id', async (c) => c.json(userJson(await existing(ctx, c.req.param('id')!))));
  app.put('/admin/users/:id', (c) => updateUser(ctx, c));
  app.delete('/admin/users/:id', async (c) => {
    const user = await existing(ctx, c.req.param('id')!);
    await ctx.db.query('delete from auth.users where id = $1', [user.row.id]);
    return c.json({});
  });
}

async function existing(ctx: LocalContext, id: string) {
  const user = isUuid(id) ? await loadUser(ctx.db, { id }) : undefined;
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

function positiveInt(value: string | undefined, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

async function listUsers(ctx: LocalContext, c: Context): Promise<Response> {
  const page = positiveInt(c.req.query('page'), 1, 1_000_000);
  const perPage = positiveInt(c.req.query('per_page'), 50, 1000);
  const total = Number((await ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]!.n);
  const ids = await ctx.db.query<{ id: string }>('select id from auth.users order by created_at desc nulls last, id limit $1 offset $2', [perPage, (page - 1) * perPage]);
  const users = [];
  for (const { id } of ids.rows) {
    const user = await loadUser(ctx.db, { id });
    if (user) users.push(userJson(user));
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  if (page < lastPage) links.push(link(page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  c.header('X-Total-Count', String(total));
  c.header('Link', links.join(', '));
  return c.json({ users, aud: 'authenticated' });
}

/** "none" lifts a ban; otherwise a Go duration such as "24h" or "30m". */
function banUntil(duration: string): string | null {
  if (duration === 'none') return null;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(duration);
  if (!match) throw validationFailed('invalid format for ban duration: time: invalid duration');
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return new Date(Date.now() + Number(match[1]) * factor).toISOString();
}

async function createUser(ctx: LocalContext, c: Context): Promise<Response> {
  const body = await readJson(c);
  const email = str(body, 'email') ? normalizeEmail(str(body, 'email')) : undefined;
  const phone = str(body, 'phone') ? normalizePhone(str(body, 'phone')) : undefined;
  const password = str(body, 'password');
  if (password) assertStrongPassword(password);
  const hash = password ? await hashPassword(password, ctx.config.BCRYPT_COST) : null;
  const requestedId = str(body, 'id');
  if (requestedId && !isUuid(requestedId)) throw validationFailed('id must be a UUID');
  const user = await ctx.db.transaction(async (tx) => {
    if (email && (await tx.query('select 1 from auth.users where lower(email) = $1', [email])).rows.length) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (phone && (await tx.query('select 1 from auth.users where phone = $1', [phone])).rows.length) {
      throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
    }
    const id = await insertUser(tx, {
      id: requestedId || undefined,
      email,
      phone,
      passwordHash: hash,
      userMetadata: obj(body, 'user_metadata') ?? obj(body, 'data') ?? {},
      appMetadata: obj(body, 'app_metadata'),
      emailConfirmed: bool(body, 'email_confirm') ?? false,
      phoneConfirmed: bool(body, 'phone_confirm') ?? false,
      role: str(body, 'role') || undefined,
    });
    await applyBan(tx, id, body);
    return (await loadUser(tx, { id }))!;
  });
  return c.json(userJson(user));
}

async function applyBan(tx: Queryable, id: string, body: Body): Promise<void> {
  const ban = str(body, 'ban_duration');
  if (!ban) return;
  await tx.query('update auth.users set banned_until = $2 where id = $1', [id, banUntil(ban)]);
  if (ban !== 'none') await tx.query('delete from auth.sessions where user_id = $1', [id]);
}

async function updateUser(ctx: LocalContext, c: Context): Promise<Response> {
  const current = await existing(ctx, c.req.param('id')!);
  const id = current.row.id;
  const body = await readJson(c);
  const email = str(body, 'email') ? normalizeEmail(str(body, 'email')) : undefined;
  const phone = str(body, 'phone') ? normalizePhone(str(body, 'phone')) : undefined;
  const password = str(body, 'password');
  if (password) assertStrongPassword(password);
  const hash = password ? await hashPassword(password, ctx.config.BCRYPT_COST) : undefined;
  const userMeta = obj(body, 'user_metadata');
  const appMeta = obj(body, 'app_metadata');
  const user = await ctx.db.transaction(async (tx) => {
    if (email) {
      if ((await tx.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [email, id])).rows.length) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await tx.query('update auth.users set email = $2 where id = $1', [id, email]);
    }
    if (phone) {
      if ((await tx.query('select 1 from auth.users where phone = $1 and id <> $2', [phone, id])).rows.length) {
        throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
      }
      await tx.query('update auth.users set phone = $2 where id = $1', [id, phone]);
    }
    if (hash) await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, hash]);
    if (userMeta) await tx.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`, [id, userMeta]);
    if (appMeta) await tx.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`, [id, appMeta]);
    const role = str(body, 'role');
    if (role) await tx.query('update auth.users set role = $2 where id = $1', [id, role]);
    if (bool(body, 'email_confirm')) await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [id]);
    if (bool(body, 'phone_confirm')) await tx.query('update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1', [id]);
    await applyBan(tx, id, body);
    await tx.query('update auth.users set updated_at = now() where id = $1', [id]);
    await upsertIdentity(tx, id);
    return (await loadUser(tx, { id }))!;
  });
  return c.json(userJson(user));
}
