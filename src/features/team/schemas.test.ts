import { describe, expect, it } from 'vitest';
import { ServerCallError } from '../../lib/server-api';
import { domainNote, inviteFormSchema, LAST_OWNER_MESSAGE, teamErrorMessage, WRONG_PASSWORD_MESSAGE } from './schemas';

describe('inviteFormSchema', () => {
  it('keeps a trimmed, lower-case address and the role', () => {
    expect(inviteFormSchema.parse({ email: '  Ada@Example.COM ', role: 'sales' })).toEqual({ email: 'ada@example.com', role: 'sales' });
  });

  it.each([
    ['', 'Enter the e-mail address to invite'],
    ['ada', 'Enter a valid e-mail address, e.g. name@company.com'],
    ['ada@', 'Enter a valid e-mail address, e.g. name@company.com'],
  ])('refuses %j with a message at the field', (email, message) => {
    const result = inviteFormSchema.safeParse({ email, role: 'sales' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['email'], message });
  });

  it('refuses the owner role: ownership moves by transfer', () => {
    expect(inviteFormSchema.safeParse({ email: 'a@b.co', role: 'owner' }).success).toBe(false);
  });
});

describe('teamErrorMessage', () => {
  it('names the rule the server applied', () => {
    expect(teamErrorMessage(new ServerCallError('An organization needs an active owner', { code: 'PT409', status: 409, details: 'last_owner' }))).toBe(LAST_OWNER_MESSAGE);
    expect(teamErrorMessage(new ServerCallError('x', { code: 'PT409', status: 409, details: 'already_member' }))).toBe('This person is already a member of the team.');
    expect(teamErrorMessage(new ServerCallError('The password is not correct', { code: 'invalid_password', status: 400 }))).toBe(WRONG_PASSWORD_MESSAGE);
    expect(teamErrorMessage(new ServerCallError('Too many wrong passwords. Please wait 15 minutes and try again.', { status: 429 }))).toBe(
      'Too many wrong passwords. Please wait 15 minutes and try again.',
    );
  });

  it('falls back to the error catalogue', () => {
    expect(teamErrorMessage(new ServerCallError('permission denied', { code: '42501', status: 403 }))).toBe("You don't have permission to perform this action.");
    expect(teamErrorMessage(new TypeError('Failed to fetch'))).toBe('Connection issue. Please check your internet and try again.');
  });
});

describe('domainNote', () => {
  it('notes an address outside the inviter\'s domain, and nothing otherwise', () => {
    expect(domainNote('pat@other.example', 'owner@summit.example')).toBe('This address is outside summit.example. The invite will still be sent; check it is the person you mean.');
    expect(domainNote('pat@SUMMIT.example', 'owner@summit.example')).toBeNull();
    expect(domainNote('pat', 'owner@summit.example')).toBeNull();
  });
});
