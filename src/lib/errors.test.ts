import { describe, expect, it } from 'vitest';
import { describeError, errorIdOf, ERROR_CATALOGUE, matchCatalogue, SEVERITY_TITLES, withErrorId } from './errors';

describe('error catalogue (SPEC §8)', () => {
  it.each([
    ['TypeError: Failed to fetch', 'Connection issue. Please check your internet and try again.', true],
    ['NetworkError when attempting to fetch resource.', 'Connection issue. Please check your internet and try again.', true],
    ['Unauthorized', 'Please sign in again to continue.', false],
    ['Auth session missing!', 'Please sign in again to continue.', false],
    ['Validation failed for field name', 'Please check your input and try again.', false],
    ['Invalid input syntax', 'Please check your input and try again.', false],
    ['Rate limit exceeded', 'Too many requests. Please wait a moment and try again.', true],
    ['429 Too Many Requests', 'Too many requests. Please wait a moment and try again.', true],
    ['Permission denied for table estimates', "You don't have permission to perform this action.", false],
    ['Forbidden', "You don't have permission to perform this action.", false],
    ['Cannot read properties of undefined', 'Something went wrong. Please try again.', true],
  ])('%s → %s', (message, userMessage, retryable) => {
    const described = describeError(new Error(message));
    expect(described.userMessage).toBe(userMessage);
    expect(described.retryable).toBe(retryable);
  });

  it('matches case-insensitively', () => {
    expect(matchCatalogue('NETWORK DOWN').kind).toBe('network');
    expect(matchCatalogue('pErMiSsIoN').kind).toBe('permission');
  });

  it('lets the first matching row win', () => {
    // Both "fetch" (row 1) and "unauthorized" (row 2) appear: the network row wins.
    expect(matchCatalogue('unauthorized while fetching').kind).toBe('network');
    // "auth" (row 2) before "invalid" (row 3).
    expect(matchCatalogue('invalid auth header').kind).toBe('unauthorized');
    expect(ERROR_CATALOGUE.map((r) => r.kind)).toEqual(['network', 'unauthorized', 'validation', 'rate-limit', 'permission']);
  });

  it('maps known codes before the words of the message', () => {
    expect(describeError({ message: 'nope', status: 401 }).kind).toBe('unauthorized');
    expect(describeError({ message: 'nope', status: 403 }).kind).toBe('permission');
    expect(describeError({ message: 'new row violates row-level security policy', code: '42501' }).kind).toBe('permission');
    expect(describeError({ message: 'Invalid Refresh Token: Already Used', code: 'refresh_token_already_used', status: 400 }).kind).toBe('unauthorized');
    expect(describeError({ message: 'Request rate limit reached', code: 'over_request_rate_limit', status: 429 }).retryable).toBe(true);
    expect(describeError({ message: 'JWT expired', code: 'PGRST303' }).userMessage).toBe('Please sign in again to continue.');
    // A known code wins even when the text names another row.
    expect(describeError({ message: 'network permission fetch', code: '42501' }).kind).toBe('permission');
  });

  it('treats supabase-js fetch failures (status 0) as connection issues', () => {
    const error = Object.assign(new Error('something odd'), { name: 'AuthRetryableFetchError', status: 0 });
    expect(describeError(error).kind).toBe('network');
  });

  it('describes strings, objects and odd values without throwing', () => {
    expect(describeError('fetch failed').kind).toBe('network');
    expect(describeError(undefined).kind).toBe('other');
    expect(describeError(null).kind).toBe('other');
    expect(describeError({ foo: 1 }).kind).toBe('other');
  });
});

describe('error ID', () => {
  const hex = '3f2a9c0d1e8b4a7f9c2d1e0f3a4b5c6d';

  it('appends the first 8 characters of a 32-character hex string in the message', () => {
    const described = describeError(new Error(`Request ${hex} failed`));
    expect(described.errorId).toBe('3f2a9c0d');
    expect(described.message).toBe('Something went wrong. Please try again. (Error ID: 3f2a9c0d)');
  });

  it('finds upper-case hex and lower-cases the id', () => {
    expect(errorIdOf(hex.toUpperCase())).toBe('3f2a9c0d');
  });

  it('appends nothing without a 32-character hex string', () => {
    expect(errorIdOf('short abcdef0123')).toBeUndefined();
    expect(errorIdOf('3f2a9c0d-1e8b-4a7f-9c2d-1e0f3a4b5c6d')).toBeUndefined();
    expect(describeError(new Error('Failed to fetch')).message).toBe('Connection issue. Please check your internet and try again.');
    expect(withErrorId('x', undefined)).toBe('x');
  });
});

it('names the four severities', () => {
  expect(Object.values(SEVERITY_TITLES)).toEqual(['Critical Error', 'Error', 'Warning', 'Notice']);
});
