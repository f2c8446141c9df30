const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

type PasswordRule = {
  id: 'min-length' | 'max-length' | 'lowercase' | 'uppercase' | 'number' | 'special';
  message: string;
  test: (password: string) => boolean;
};

export type PasswordStrength = 'weak' | 'fair' | 'good' | 'strong';

// SPEC §5, in the order the messages are shown.
const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'min-length',
    message: 'Password must be at least 8 characters long',
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'max-length',
    message: 'Password must be less than 128 characters',
    test: (p) => [...p].length <= PASSWORD_MAX_LENGTH,
  },
  {
    id: 'lowercase',
    message: 'Password must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'uppercase',
    message: 'Password must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'number',
    message: 'Password must contain at least one number',
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    message: 'Password must contain at least one special character',
    test: (p) => /[^A-Za-z0-9\s]/.test(p),
  },
];

export function passwordErrors(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export function passwordMessage(password: string): string {
  return passwordErrors(password).join(', ');
}

export function isValidPassword(password: string): boolean {
  return passwordErrors(password).length === 0;
}

export function passwordStrength(password: string): PasswordStrength {
  if (!isValidPassword(password)) return 'weak';
  const length = [...password].length;
  if (length >= 12) return 'strong';
  if (length >= 10) return 'good';
  return 'fair';
}
