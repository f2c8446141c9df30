// Every setting of the local backend, read once from the environment and checked with zod.
// README.md's configuration table lists the same variables with the same defaults.
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies } from './client-address';
import { repoRoot } from './migrate';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4173),
  HOST: z.string().default('127.0.0.1'),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .superRefine((value, check) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        check.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  SITE_URL: z.string().url().optional(),
  API_EXTERNAL_URL: z.string().url().optional(),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_EXPIRY: z.coerce.number().int().min(30).default(3600),
  JWT_ISSUER: z.string().optional(),
  HTTPS: bool.default(false),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED: bool.default(true),
  STATIC_DIR: z.string().default(path.join(repoRoot, 'dist')),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  AUTOCONFIRM: bool.default(true),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
  RATE_LIMITS: bool.default(true),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('Customer Engagement Portal <no-reply@localhost>'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  DEV_MAILBOX: bool.default(true),
  ADDITIONAL_REDIRECT_URLS: z.string().default(''),
  // The app's iframe allow-list (read by the build too); the server turns it into frame-ancestors.
  VITE_IFRAME_ALLOWED_ORIGINS: z.string().default(''),
  OTP_EXPIRY: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_REUSE_INTERVAL: z.coerce.number().int().min(0).default(10),
  RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_IP_REQUESTS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_EMAIL_REQUESTS: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_EMAIL_SENT: z.coerce.number().int().min(1).default(30),
});

export type Config = z.infer<typeof EnvSchema> & { siteUrl: string; apiUrl: string; issuer: string };

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const base = { ...parsed.data, ...overrides };
  const scheme = base.HTTPS ? 'https' : 'http';
  const origin = `${scheme}://${base.HOST === '0.0.0.0' ? '127.0.0.1' : base.HOST}:${base.PORT}`;
  const siteUrl = overrides.siteUrl ?? base.SITE_URL ?? origin;
  const apiUrl = overrides.apiUrl ?? base.API_EXTERNAL_URL ?? siteUrl;
  return { ...base, siteUrl, apiUrl, issuer: base.JWT_ISSUER ?? `${apiUrl}/auth/v1` };
}
