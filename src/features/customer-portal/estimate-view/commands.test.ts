import { describe, expect, it } from 'vitest';
import { ServerCallError } from '../../../lib/server-api';
import { refusalOf, UPDATED_MESSAGE } from './commands';

describe('refusalOf', () => {
  it('puts a field’s reason at the field', () => {
    expect(refusalOf(new ServerCallError('Type your full name', { status: 400, details: 'name_required' }))).toEqual({ field: 'name', message: 'Type your full name', reason: 'name_required' });
    expect(refusalOf(new ServerCallError('The signature is larger than 200 KB', { status: 400, details: 'signature_too_large' }))).toMatchObject({ field: 'drawn' });
  });

  it('asks to review a new version, and reloads after a decision taken elsewhere', () => {
    expect(refusalOf(new ServerCallError('x', { status: 409, details: 'estimate_updated' }))).toEqual({ message: UPDATED_MESSAGE, reason: 'estimate_updated', reload: true });
    expect(refusalOf(new ServerCallError('This estimate was already accepted on March 3, 2027', { status: 409, details: 'estimate_accepted' }))).toEqual({
      message: 'This estimate was already accepted on March 3, 2027.', reason: 'estimate_accepted', reload: true, closed: true,
    });
  });

  it('shows the limiter’s own message, as a 429 or as the JSON text of an older server', () => {
    const message = 'Too many messages from this connection. Please wait a few minutes and try again.';
    expect(refusalOf(new ServerCallError(message, { status: 429, code: 'too_many_requests' }))).toEqual({ message, reason: 'too_many_requests' });
    expect(refusalOf(new ServerCallError(JSON.stringify({ code: 'too_many_requests', message }), { status: 400, code: 'PGRST' }))).toEqual({ message, reason: 'too_many_requests' });
  });

  it('falls back to the error catalogue', () => {
    expect(refusalOf(new Error('boom'))).toEqual({ message: 'Something went wrong. Please try again.' });
  });
});
