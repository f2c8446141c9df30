// MFA factors (internal/api/mfa.go): TOTP with otpauth (QR code as raw SVG, ±1 time step,
// no code accepted twice) and phone factors whose codes go through the SMS path.
import type { Context, Hono } from 'hono';
import { createHash } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { LocalContext } from '../context';
import { sendCodeSms } from './messages';
import { newCode } from './one-time-tokens';
import { notFound, unprocessable, validationFailed } from './errors';
import { requireUser, type Authenticated } from './guard';
import { clientIp, readJson, str } from './http';
import { addAmrClaim, reissueRefreshToken, tokenResponse } from './sessions';
import { isUuid, normalizePhone } from './users';

const MAX_VERIFIED_FACTORS = 10;
const CHALLENGE_SECONDS = 300;
const TOTP_PERIOD = 30;

type FactorRow = { id: string; factor_type: 'totp' | 'phone' | 'webauthn'; status: string; secret: string | null; phone: string | null };

export function mfaRoutes(app: Hono, ctx: LocalContext): void {
  app.post('/factors', (c) => enroll(ctx, c));
  app.post('/factors/:id/challenge', (c) => challenge(ctx, c));
  app.post('/factors/:id/verify', (c) => verify(ctx, c));
  app.delete('/factors/:id', (c) => unenroll(ctx, c));
}

async function ownFactor(ctx: LocalContext, auth: Authenticated, id: string): Promise<FactorRow> {
  const { rows } = isUuid(id)
    ? await ctx.db.query<FactorRow>(
        'select id, factor_type::text as factor_type, status::text as status, secret, phone from auth.mfa_factors where id = $1 and user_id = $2',
        [id, auth.user.row.id],
      )
    : { rows: [] };
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

function totpFor(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD });
}

async function enroll(ctx: LocalContext, c: Context): Promise<Response> {
  const auth = await requireUser(ctx, c);
  const body = await readJson(c);
  const type = str(body, 'factor_type');
  const friendlyName = str(body, 'friendly_name').trim();
  if (type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp' && type !== 'phone') throw validationFailed('factor_type needs to be totp, phone or webauthn');
  const userId = auth.user.row.id;
  const phone = type === 'phone' ? normalizePhone(str(body, 'phone')) : null;

  const counts = await ctx.db.query<{ verified: number; same_name: number }>(
    `select count(*) filter (where status = 'verified')::int as verified,
            count(*) filter (where $2 <> '' and friendly_name = $2)::int as same_name
     from auth.mfa_factors where user_id = $1`,
    [userId, friendlyName],
  );
  if (counts.rows[0]!.verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (counts.rows[0]!.same_name > 0) {
    throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }

  let secret: string | null = null;
  let totp: Record<string, string> | undefined;
  if (type === 'totp') {
    const issuer = str(body, 'issuer') || new URL(ctx.config.siteUrl).hostname;
    const generated = new OTPAuth.TOTP({
      issuer,
      label: auth.user.row.email || auth.user.row.phone || userId,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD,
      secret: new OTPAuth.Secret({ size: 20 }),
    });
    secret = generated.secret.base32;
    const uri = generated.toString();
    totp = { qr_code: await QRCode.toString(uri, { type: 'svg' }), secret, uri };
  }
  // Unverified factors of this kind are abandoned enrolments; GoTrue clears them too.
  await ctx.db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type::text = $2`, [userId, type]);
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, phone)
     values (gen_random_uuid(), $1, $2, $3::auth.factor_type, 'unverified', now(), now(), $4, $5) returning id`,
    [userId, friendlyName, type, secret, phone],
  );
  const id = rows[0]!.id;
  return c.json(type === 'totp' ? { id, type, friendly_name: friendlyName, totp } : { id, type, friendly_name: friendlyName, phone });
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

async function challenge(ctx: LocalContext, c: Context): Promise<Response> {
  const auth = await requireUser(ctx, c);
  const factor = await ownFactor(ctx, auth, c.req.param('id')!);
  const body = await readJson(c);
  const channel = str(body, 'channel') || 'sms';
  if (factor.factor_type === 'phone' && channel !== 'sms') throw validationFailed("Invalid channel, supported values are 'sms'");
  const code = factor.factor_type === 'phone' ? newCode() : null;
  const { rows } = await ctx.db.query<{ id: string; expires_at: number }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code)
     values (gen_random_uuid(), $1, now(), coalesce(nullif($2, '')::inet, '0.0.0.0'), $3)
     returning id, extract(epoch from created_at)::bigint + $4 as expires_at`,
    [factor.id, clientIp(c), code ? hashCode(code) : null, CHALLENGE_SECONDS],
  );
  if (code) await sendCodeSms(ctx, factor.phone!, code);
  return c.json({ id: rows[0]!.id, type: factor.factor_type, expires_at: Number(rows[0]!.expires_at) });
}

async function verify(ctx: LocalContext, c: Context): Promise<Response> {
  const auth = await requireUser(ctx, c);
  const factor = await ownFactor(ctx, auth, c.req.param('id')!);
  const body = await readJson(c);
  const challengeId = str(body, 'challenge_id');
  const code = str(body, 'code').trim();
  if (!challengeId || !isUuid(challengeId)) throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  const userId = auth.user.row.id;

  type Outcome = { kind: 'expired' } | { kind: 'failed'; message: string } | { kind: 'ok'; response: Record<string, unknown> };
  const session = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const { rows } = await tx.query<{ otp_code: string | null; expired: boolean }>(
      `select otp_code, created_at + make_interval(secs => $3) < now() as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
      [challengeId, factor.id, CHALLENGE_SECONDS],
    );
    const found = rows[0];
    if (!found) throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (found.expired) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
      return { kind: 'expired' };
    }
    if (factor.factor_type === 'totp') {
      const delta = /^\d{6}$/.test(code) ? totpFor(factor.secret!).validate({ token: code, window: 1 }) : null;
      if (delta === null) return { kind: 'failed', message: 'Invalid TOTP code entered' };
      const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD) + delta;
      const used = await tx.query('insert into _local.totp_used_steps (factor_id, step) values ($1, $2) on conflict do nothing', [factor.id, step]);
      if (used.affectedRows === 0) return { kind: 'failed', message: 'Invalid TOTP code entered' };
    } else if (!found.otp_code || found.otp_code !== hashCode(code)) {
      return { kind: 'failed', message: 'Invalid MFA Phone code entered' };
    }
    await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
    const enrolling = factor.status !== 'verified';
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [auth.sessionId, factor.id]);
    await addAmrClaim(tx, auth.sessionId, factor.factor_type === 'totp' ? 'totp' : 'mfa/phone');
    if (enrolling) await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [userId, auth.sessionId]);
    const refreshToken = await reissueRefreshToken(tx, userId, auth.sessionId);
    return { kind: 'ok', response: await tokenResponse(ctx, tx, userId, auth.sessionId, refreshToken) };
  });
  if (session.kind === 'expired') {
    throw unprocessable('mfa_challenge_expired', `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`);
  }
  if (session.kind === 'failed') throw unprocessable('mfa_verification_failed', session.message);
  return c.json(session.response);
}

async function unenroll(ctx: LocalContext, c: Context): Promise<Response> {
  const auth = await requireUser(ctx, c);
  const factor = await ownFactor(ctx, auth, c.req.param('id')!);
  if (factor.status === 'verified' && auth.aal !== 'aal2') throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await ctx.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
  });
  return c.json({ id: factor.id });
}
