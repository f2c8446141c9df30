// The password rules of SPEC.md §5, enforced on the server, and bcrypt as GoTrue uses it.
// bcryptjs also verifies the `$2a$` hashes pgcrypto's crypt(pw, gen_salt('bf')) produces.
import bcrypt from 'bcryptjs';
import { AuthError } from './errors';

type Rule = { reason: 'length' | 'characters'; message: string; ok: (password: string) => boolean };

const RULES: Rule[] = [
  { reason: 'length', message: 'Password must be at least 8 characters long', ok: (p) => [...p].length >= 8 },
  { reason: 'length', message: 'Password must be less than 128 characters', ok: (p) => [...p].length <= 128 },
  { reason: 'characters', message: 'Password must contain at least one lowercase letter', ok: (p) => /[a-z]/.test(p) },
  { reason: 'characters', message: 'Password must contain at least one uppercase letter', ok: (p) => /[A-Z]/.test(p) },
  { reason: 'characters', message: 'Password must contain at least one number', ok: (p) => /[0-9]/.test(p) },
  { reason: 'characters', message: 'Password must contain at least one special character', ok: (p) => /[^A-Za-z0-9]/.test(p) },
];

export type PasswordCheck = { message: string; reasons: string[] } | null;

export function checkPassword(password: string): PasswordCheck {
  const failed = RULES.filter((rule) => !rule.ok(password));
  if (failed.length === 0) return null;
  return { message: failed.map((r) => r.message).join(', '), reasons: [...new Set(failed.map((r) => r.reason))] };
}

export function assertStrongPassword(password: string): void {
  const weak = checkPassword(password);
  if (weak) throw new AuthError(422, 'weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Compares against the stored hash, or against a throwaway hash of the same cost when there
 * is none, so an unknown account costs one bcrypt comparison like a wrong password does.
 */
export async function verifyPassword(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  if (hash && /^\$2[abxy]\$\d\d\$/.test(hash)) {
    try {
      return await bcrypt.compare(password, hash);
    } catch {
      return false;
    }
  }
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = bcrypt.hash('no account has this password', cost);
    dummyHashes.set(cost, dummy);
  }
  await bcrypt.compare(password, await dummy);
  return false;
}
