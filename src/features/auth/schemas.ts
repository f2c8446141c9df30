// zod/mini: the sign-in screen is the first thing staff load, and the full zod would be a
// large part of it.
import { z } from 'zod/mini';
import { passwordMessage } from './password-rules';

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
const INVALID_IDENTIFIER = 'Enter a valid email address or phone number';
const INVALID_EMAIL = 'Enter a valid email address';

export type Identifier = { email: string } | { phone: string };

const PHONE = /^\+?[0-9][0-9 ().-]{5,22}[0-9]$/;

/** An e-mail when it has an @, otherwise a phone number (spaces, dots, dashes, brackets allowed). */
export function parseIdentifier(value: string): Identifier | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (trimmed.includes('@')) return z.email().safeParse(trimmed).success ? { email: trimmed.toLowerCase() } : null;
  if (!PHONE.test(trimmed)) return null;
  const digits = trimmed.replace(/[^0-9]/g, '');
  return digits.length >= 7 && digits.length <= 15 ? { phone: `${trimmed.startsWith('+') ? '+' : ''}${digits}` } : null;
}

function requireCredentials(value: { identifier: string; password: string }, ctx: z.core.$RefinementCtx): void {
  const identifierMissing = value.identifier.trim() === '';
  if (identifierMissing || value.password === '') {
    ctx.addIssue({ code: 'custom', path: [identifierMissing ? 'identifier' : 'password'], message: MISSING_CREDENTIALS });
    return;
  }
  if (!parseIdentifier(value.identifier)) ctx.addIssue({ code: 'custom', path: ['identifier'], message: INVALID_IDENTIFIER });
}

export const signInSchema = z.object({ identifier: z.string(), password: z.string() }).check(z.superRefine(requireCredentials));

export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    firstName: z.string().check(z.trim(), z.minLength(1, 'Enter your first name'), z.maxLength(100, 'First name must be 100 characters or fewer')),
    lastName: z.string().check(z.trim(), z.minLength(1, 'Enter your last name'), z.maxLength(100, 'Last name must be 100 characters or fewer')),
    identifier: z.string(),
    password: z.string(),
  })
  .check(
    z.superRefine((value, ctx) => {
      requireCredentials(value, ctx);
      const message = value.password === '' ? '' : passwordMessage(value.password);
      if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
    }),
  );

export type SignUpValues = z.infer<typeof signUpSchema>;

export const resetRequestSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, INVALID_EMAIL)), z.email(INVALID_EMAIL)),
});

export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z.object({ password: z.string(), confirm: z.string() }).check(
  z.superRefine((value, ctx) => {
    const message = passwordMessage(value.password);
    if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
    else if (value.confirm !== value.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Passwords do not match' });
  }),
);

export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

export const otpCodeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^[0-9]{6}$/, 'Enter the 6-digit code')),
});

export type OtpCodeValues = z.infer<typeof otpCodeSchema>;

export const phoneFactorSchema = z.object({
  phone: z.string().check(
    z.trim(),
    z.refine((value) => {
      const parsed = parseIdentifier(value);
      return parsed !== null && 'phone' in parsed;
    }, 'Enter a phone number with country code, e.g. +1 555 010 0100'),
  ),
});

export type PhoneFactorValues = z.infer<typeof phoneFactorSchema>;
