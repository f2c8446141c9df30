import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { localLog } from '../../lib/local-log';
import { clearStoredAuthState, hasStoredAuthToken, readStoredSession, safeReturnPath } from './auth-storage';

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const session = { access_token: 'a.b.c', refresh_token: 'r', expires_at: 1, user: { id: 'user-1' } };

describe('stored auth state', () => {
  it('reads the session supabase-js stored, even an expired one', () => {
    const storage = memoryStorage({ 'sb-127-auth-token': JSON.stringify(session) });
    expect(readStoredSession('sb-127-auth-token', storage)).toEqual(session);
    expect(readStoredSession('sb-other-auth-token', storage)).toBeNull();
  });

  it('records suspicious activity when the stored session cannot be read', async () => {
    const storage = memoryStorage({ 'sb-127-auth-token': '{not json' });
    const before = (await localLog().securityEvents('suspicious_activity')).length;
    expect(readStoredSession('sb-127-auth-token', storage)).toBeNull();
    await expect
      .poll(async () => (await localLog().securityEvents('suspicious_activity')).slice(before).map((e) => e.metadata.reason))
      .toEqual(['stored_session_unreadable']);
  });

  it('clears every key of the client and nothing else', () => {
    const storage = memoryStorage({
      'sb-127-auth-token': '{}',
      'sb-127-auth-token-code-verifier': 'v',
      'sb-127-auth-token-user': '{}',
      'cep.runtime-config': '{}',
    });
    clearStoredAuthState('sb-127-auth-token', storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('cep.runtime-config')).toBe('{}');
  });

  it('notices a stored session under any client key', () => {
    expect(hasStoredAuthToken(memoryStorage({ 'sb-api-auth-token': '{}' }))).toBe(true);
    expect(hasStoredAuthToken(memoryStorage({ 'sb-api-auth-token-code-verifier': 'v' }))).toBe(false);
  });
});

describe('return path after sign-in', () => {
  it.each([
    ['/estimates/42/edit?tab=items#line-3', '/estimates/42/edit?tab=items#line-3'],
    ['/', '/'],
    ['//evil.example.com/x', null],
    ['/\\evil.example.com', null],
    ['https://evil.example.com/', null],
    ['javascript:alert(1)', null],
    ['estimates', null],
    ['/auth?redirect=/x', null],
    ['', null],
    [null, null],
  ])('%s → %s', (candidate, expected) => {
    expect(safeReturnPath(candidate)).toBe(expected);
  });
});
