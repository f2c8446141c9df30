import { describe, expect, it } from 'vitest';
import { isValidPassword, passwordErrors, passwordMessage, passwordStrength } from './password-rules';

describe('password rules', () => {
  it.each([
    ['Ab1!xyz', ['Password must be at least 8 characters long']],
    ['abcdefg1!', ['Password must contain at least one uppercase letter']],
    ['ABCDEFG1!', ['Password must contain at least one lowercase letter']],
    ['Abcdefgh!', ['Password must contain at least one number']],
    ['Abcdefgh1', ['Password must contain at least one special character']],
    [`Aa1!${'x'.repeat(125)}`, ['Password must be less than 128 characters']],
    ['Abcdef1!', []],
  ])('%s breaks exactly %j', (password, expected) => {
    expect(passwordErrors(password)).toEqual(expected);
  });

  it('accepts exactly 128 characters and refuses 129', () => {
    expect(isValidPassword(`Aa1!${'x'.repeat(124)}`)).toBe(true);
    expect(isValidPassword(`Aa1!${'x'.repeat(125)}`)).toBe(false);
  });

  it('joins every broken rule with commas, in the order of the spec', () => {
    expect(passwordMessage('')).toBe(
      'Password must be at least 8 characters long, ' +
        'Password must contain at least one lowercase letter, ' +
        'Password must contain at least one uppercase letter, ' +
        'Password must contain at least one number, ' +
        'Password must contain at least one special character',
    );
    expect(passwordMessage('abc')).toBe(
      'Password must be at least 8 characters long, ' +
        'Password must contain at least one uppercase letter, ' +
        'Password must contain at least one number, ' +
        'Password must contain at least one special character',
    );
    expect(passwordMessage('Abcdef1!')).toBe('');
  });

  it('does not count a space as a special character', () => {
    expect(passwordErrors('Abcdef1 x')).toEqual(['Password must contain at least one special character']);
  });
});

describe('password strength', () => {
  it.each([
    ['', 'weak'],
    ['abcdefghijklmnop', 'weak'],
    ['Abcdef1!', 'fair'],
    ['Abcdefg1!', 'fair'],
    ['Abcdefgh1!', 'good'],
    ['Abcdefghi1!', 'good'],
    ['Abcdefghij1!', 'strong'],
    [`Aa1!${'x'.repeat(125)}`, 'weak'],
  ] as const)('%s is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
