import { describe, expect, it } from 'vitest';
import { MISSING_CREDENTIALS, newPasswordSchema, parseIdentifier, signInSchema, signUpSchema } from './schemas';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('auth form schemas', () => {
  it.each([
    [{ identifier: '', password: '' }, [['identifier', MISSING_CREDENTIALS]]],
    [{ identifier: '   ', password: 'x' }, [['identifier', MISSING_CREDENTIALS]]],
    [{ identifier: 'a@example.com', password: '' }, [['password', MISSING_CREDENTIALS]]],
    [{ identifier: 'not an email', password: 'x' }, [['identifier', 'Enter a valid email address or phone number']]],
    [{ identifier: 'a@example.com', password: 'x' }, []],
    [{ identifier: '+1 (555) 010-0100', password: 'x' }, []],
  ])('sign-in %j', (values, expected) => {
    expect(messages(signInSchema.safeParse(values))).toEqual(expected);
  });

  it('sign-up shows the joined password rules beside the password', () => {
    const result = signUpSchema.safeParse({ firstName: 'Ada', lastName: 'Lovelace', identifier: 'ada@example.com', password: 'abc' });
    expect(messages(result)).toEqual([
      [
        'password',
        'Password must be at least 8 characters long, Password must contain at least one uppercase letter, ' +
          'Password must contain at least one number, Password must contain at least one special character',
      ],
    ]);
  });

  it('sign-up needs names and accepts a valid form', () => {
    expect(messages(signUpSchema.safeParse({ firstName: ' ', lastName: '', identifier: 'ada@example.com', password: 'Secret-123' }))).toEqual([
      ['firstName', 'Enter your first name'],
      ['lastName', 'Enter your last name'],
    ]);
    expect(signUpSchema.safeParse({ firstName: 'Ada', lastName: 'Lovelace', identifier: 'ada@example.com', password: 'Secret-123' }).success).toBe(true);
  });

  it('a new password must follow the rules and match its confirmation', () => {
    expect(messages(newPasswordSchema.safeParse({ password: 'Secret-123', confirm: 'Secret-124' }))).toEqual([['confirm', 'Passwords do not match']]);
    expect(newPasswordSchema.safeParse({ password: 'Secret-123', confirm: 'Secret-123' }).success).toBe(true);
  });

  it('tells e-mail from phone', () => {
    expect(parseIdentifier(' Ada@Example.com ')).toEqual({ email: 'ada@example.com' });
    expect(parseIdentifier('+1 (555) 010-0100')).toEqual({ phone: '+15550100100' });
    expect(parseIdentifier('555')).toBeNull();
    expect(parseIdentifier('ada@')).toBeNull();
  });
});
