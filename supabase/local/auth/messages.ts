// What the auth service sends: confirmation, magic link, recovery, e-mail change,
// reauthentication and SMS codes, each with its verify link (GoTrue's /verify, which
// redirects to redirect_to with the session in the fragment) and its 6-digit code.
import type { LocalContext } from '../context';
import { sendMail, sendSms } from '../mail/mailer';
import { limitMessageSent } from './rate-limit';

export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';

/** redirect_to is kept only when it points at this site, the API, localhost or an allowed URL. */
export function allowedRedirect(ctx: LocalContext, candidate: string | undefined, fallback: string): string {
  if (!candidate) return fallback;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  const origins = new Set([new URL(ctx.config.siteUrl).origin, new URL(ctx.config.apiUrl).origin]);
  if (origins.has(url.origin)) return candidate;
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return candidate;
  const extra = ctx.config.ADDITIONAL_REDIRECT_URLS.split(',').map((s) => s.trim()).filter(Boolean);
  return extra.some((allowed) => candidate.startsWith(allowed)) ? candidate : fallback;
}

function verifyLink(ctx: LocalContext, hash: string, type: VerifyType, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${ctx.config.apiUrl}/auth/v1/verify?${query.toString()}`;
}

const TEXTS: Record<VerifyType, { subject: string; action: string }> = {
  signup: { subject: 'Confirm your signup', action: 'Follow this link to confirm your e-mail address' },
  invite: { subject: 'You have been invited', action: 'Follow this link to accept the invite' },
  magiclink: { subject: 'Your magic link', action: 'Follow this link to sign in' },
  recovery: { subject: 'Reset your password', action: 'Follow this link to reset the password for your account' },
  email_change: { subject: 'Confirm e-mail change', action: 'Follow this link to confirm the change of your e-mail address' },
  email: { subject: 'Your sign-in code', action: 'Follow this link to sign in' },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export async function sendLinkMail(ctx: LocalContext, to: string, type: VerifyType, token: { code: string; hash: string }, redirectTo: string): Promise<void> {
  await limitMessageSent(ctx, 'email', to);
  const link = verifyLink(ctx, token.hash, type, redirectTo);
  const { subject, action } = TEXTS[type];
  const text = `${action}:\n${link}\n\nOr enter this code: ${token.code}\n\nThe link and the code expire in ${Math.round(ctx.config.OTP_EXPIRY / 60)} minutes. If you did not ask for this, ignore this message.`;
  const html = `<h2>${escape(subject)}</h2><p>${escape(action)}:</p><p><a href="${escape(link)}">${escape(subject)}</a></p><p>Or enter this code: <strong>${token.code}</strong></p>`;
  await sendMail(ctx, { to, subject, text, html, links: [link], codes: [token.code] });
}

export async function sendCodeMail(ctx: LocalContext, to: string, subject: string, code: string): Promise<void> {
  await limitMessageSent(ctx, 'email', to);
  const text = `${subject}: ${code}\n\nIf you did not ask for this, ignore this message.`;
  await sendMail(ctx, { to, subject, text, html: `<p>${escape(subject)}: <strong>${code}</strong></p>`, links: [], codes: [code] });
}

export async function sendCodeSms(ctx: LocalContext, to: string, code: string): Promise<string> {
  await limitMessageSent(ctx, 'sms', to);
  return sendSms(ctx, { to, text: `Your code is ${code}`, codes: [code] });
}
