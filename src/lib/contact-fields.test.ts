import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, emailField, isEmail, isPhone, PHONE_MESSAGE, phoneField } from './contact-fields';

describe('contact fields', () => {
  it.each(['ana@example.com', 'Ana.Lopez+deck@Example.co.uk', 'a@b.io'])('takes the e-mail %j', (value) => expect(isEmail(value)).toBe(true));
  it.each(['ana', 'ana@', 'ana@example', 'two@@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`])('refuses the e-mail %j', (value) =>
    expect(isEmail(value)).toBe(false),
  );
  it.each(['(720) 555-0199', '+1 720.555.0199 x12', '555-0100 ext. 4', '7205550199'])('takes the phone %j', (value) => expect(isPhone(value)).toBe(true));
  it.each(['call me', '555', '12;drop table', '+1 (720) 555-0199 ext 1234567', '1'.repeat(16)])('refuses the phone %j', (value) => expect(isPhone(value)).toBe(false));

  it('trims, allows empty, and names the problem', () => {
    expect(emailField.parse('  ana@example.com ')).toBe('ana@example.com');
    expect(emailField.parse('')).toBe('');
    expect(phoneField.parse(' (720) 555-0199 ')).toBe('(720) 555-0199');
    expect(emailField.safeParse('ana@').error?.issues[0]?.message).toBe(EMAIL_MESSAGE);
    expect(phoneField.safeParse('call me').error?.issues[0]?.message).toBe(PHONE_MESSAGE);
  });
});
