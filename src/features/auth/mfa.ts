import type { Factor } from '@supabase/supabase-js';
import { describeError } from '../../lib/errors';
import type { AuthApi } from './commands';

export type MfaResult = { ok: true } | { ok: false; message: string };

const INVALID_CODE = 'That code is not valid. Enter the current 6-digit code.';

const CODE_ERRORS = new Set(['mfa_verification_failed', 'mfa_challenge_expired', 'otp_expired', 'invalid_credentials']);

function codeFailure(error: { code?: string; message: string }): string {
  if (error.code && CODE_ERRORS.has(error.code)) return INVALID_CODE;
  if (/invalid.*code|code.*invalid/i.test(error.message)) return INVALID_CODE;
  return describeError(error).message;
}

export function verifiedFactors(factors: Factor[] | undefined): Factor[] {
  return (factors ?? []).filter((f) => f.status === 'verified' && (f.factor_type === 'totp' || f.factor_type === 'phone'));
}

export async function verifyTotp(auth: AuthApi, factorId: string, code: string): Promise<MfaResult> {
  const { error } = await auth.mfa.challengeAndVerify({ factorId, code });
  return error ? { ok: false, message: codeFailure(error) } : { ok: true };
}

export async function sendPhoneChallenge(auth: AuthApi, factorId: string): Promise<{ ok: true; challengeId: string } | { ok: false; message: string }> {
  const { data, error } = await auth.mfa.challenge({ factorId, channel: 'sms' });
  return error || !data ? { ok: false, message: describeError(error).message } : { ok: true, challengeId: data.id };
}

export async function verifyChallenge(auth: AuthApi, factorId: string, challengeId: string, code: string): Promise<MfaResult> {
  const { error } = await auth.mfa.verify({ factorId, challengeId, code });
  return error ? { ok: false, message: codeFailure(error) } : { ok: true };
}

/** The QR code is drawn from `uri` (src/components/qr-code.tsx), not from the server's SVG. */
export type TotpEnrollment = { factorId: string; secret: string; uri: string };

export async function listFactors(auth: AuthApi): Promise<{ ok: true; factors: Factor[] } | { ok: false; message: string }> {
  const { data, error } = await auth.mfa.listFactors();
  if (error || !data) return { ok: false, message: describeError(error).message };
  return { ok: true, factors: data.all.filter((f) => f.factor_type === 'totp' || f.factor_type === 'phone') };
}

export async function enrollTotp(auth: AuthApi): Promise<{ ok: true; enrollment: TotpEnrollment } | { ok: false; message: string }> {
  const { data, error } = await auth.mfa.enroll({
    factorType: 'totp',
    issuer: 'Customer Engagement Portal',
    // Names must be unique per user; the time keeps a second app apart from the first.
    friendlyName: `Authenticator app ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
  });
  if (error || !data) return { ok: false, message: describeError(error).message };
  return { ok: true, enrollment: { factorId: data.id, secret: data.totp.secret, uri: data.totp.uri } };
}

export async function enrollPhone(auth: AuthApi, phone: string): Promise<{ ok: true; factorId: string; challengeId: string } | { ok: false; message: string }> {
  const { data, error } = await auth.mfa.enroll({ factorType: 'phone', phone, friendlyName: `Phone ${phone}` });
  if (error || !data) return { ok: false, message: describeError(error).message };
  const challenge = await sendPhoneChallenge(auth, data.id);
  if (!challenge.ok) {
    await auth.mfa.unenroll({ factorId: data.id });
    return challenge;
  }
  return { ok: true, factorId: data.id, challengeId: challenge.challengeId };
}

export async function removeFactor(auth: AuthApi, factorId: string): Promise<MfaResult> {
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) return { ok: false, message: describeError(error).message };
  // The session still lists the removed factor until it is refreshed.
  await auth.refreshSession();
  return { ok: true };
}
