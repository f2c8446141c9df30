// Outgoing e-mail and SMS. With SMTP_HOST set, mail goes out through nodemailer; with
// SMS_WEBHOOK_URL set, SMS are POSTed there; otherwise both land in the dev mailbox
// (_local.mailbox), shown at /_mail.
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { LocalContext } from '../context';

export type Mail = { to: string; subject: string; text: string; html?: string; links?: string[]; codes?: string[] };
export type Sms = { to: string; text: string; codes?: string[] };

const transports = new WeakMap<LocalContext, Transporter>();

function smtp(ctx: LocalContext): Transporter {
  let transport = transports.get(ctx);
  if (!transport) {
    const { SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS } = ctx.config;
    transport = nodemailer.createTransport({
      host: SMTP_HOST,
      port: SMTP_PORT,
      secure: SMTP_PORT === 465,
      auth: SMTP_USER ? { user: SMTP_USER, pass: SMTP_PASS ?? '' } : undefined,
    });
    transports.set(ctx, transport);
  }
  return transport;
}

function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])].map((l) => l.replace(/&amp;/g, '&'));
}

function extractCodes(text: string): string[] {
  return [...new Set(text.match(/(?<![\w/=&-])\d{6}(?![\w])/g) ?? [])];
}

async function store(ctx: LocalContext, kind: 'email' | 'sms', message: { to: string; subject: string; text: string; html?: string; links: string[]; codes: string[] }): Promise<string> {
  const { rows } = await ctx.db.query<{ id: number }>(
    `insert into _local.mailbox (kind, "to", subject, text, html, links, codes) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [kind, message.to, message.subject, message.text, message.html ?? null, message.links, message.codes],
  );
  return String(rows[0]!.id);
}

/** Sends one e-mail; returns its message id. */
export async function sendMail(ctx: LocalContext, mail: Mail): Promise<string> {
  if (ctx.config.SMTP_HOST) {
    const info = await smtp(ctx).sendMail({ from: ctx.config.SMTP_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return String(info.messageId ?? randomUUID());
  }
  const links = mail.links ?? extractLinks(`${mail.text}\n${mail.html ?? ''}`);
  const codes = mail.codes ?? extractCodes(mail.text);
  return store(ctx, 'email', { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, links, codes });
}

/** Sends one SMS; returns its message id. */
export async function sendSms(ctx: LocalContext, sms: Sms): Promise<string> {
  const codes = sms.codes ?? extractCodes(sms.text);
  if (ctx.config.SMS_WEBHOOK_URL) {
    const id = randomUUID();
    const res = await fetch(ctx.config.SMS_WEBHOOK_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, to: `+${sms.to.replace(/^\+/, '')}`, body: sms.text }),
    });
    if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    return id;
  }
  return store(ctx, 'sms', { to: sms.to, subject: 'SMS', text: sms.text, links: [], codes });
}
