import { describe, expect, it } from 'vitest';
import { headersForSql, isLoopback, normalizeAddress, parseTrustedProxies, resolveClientAddress } from './client-address';

describe('normalizeAddress', () => {
  it.each([
    ['::ffff:10.1.2.3', '10.1.2.3'],
    [' 192.168.0.7 ', '192.168.0.7'],
    ['FE80::1%eth0', 'fe80::1'],
    ['[2001:DB8::1]', '2001:db8::1'],
    ['not-an-ip', ''],
    ['1.2.3.4:5678', ''],
    ['', ''],
    [undefined, ''],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });
});

describe('parseTrustedProxies', () => {
  it('reads addresses, CIDR ranges and keywords', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 192.168.1.5 2001:db8::/32 loopback');
    expect(trusted.empty).toBe(false);
    for (const yes of ['10.200.3.4', '192.168.1.5', '2001:db8::9', '127.0.0.1', '::1', '::ffff:10.0.0.1']) expect(trusted.check(yes)).toBe(true);
    for (const no of ['11.0.0.1', '192.168.1.6', '2001:db9::1', '', 'junk']) expect(trusted.check(no)).toBe(false);
  });

  it('is empty by default and then trusts nothing', () => {
    const trusted = parseTrustedProxies('');
    expect(trusted.empty).toBe(true);
    expect(trusted.check('127.0.0.1')).toBe(false);
  });

  it.each(['10.0.0.0/33', 'example.com', '10.0.0.1/8/2', '::1/129', '10.0.0.0/x'])('refuses %s', (bad) => {
    expect(() => parseTrustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('resolveClientAddress', () => {
  const none = parseTrustedProxies('');
  const proxy = parseTrustedProxies('10.0.0.1, 10.0.0.2');

  it('takes the peer and ignores X-Forwarded-For when nobody is trusted', () => {
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', none)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:127.0.0.1', '1.2.3.4', none)).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', proxy)).toBe('203.0.113.9');
  });

  it('takes the right-most untrusted hop behind trusted proxies', () => {
    expect(resolveClientAddress('10.0.0.1', '198.51.100.7', proxy)).toBe('198.51.100.7');
    // A client-sent first value is ignored: the proxy appended the real peer after it.
    expect(resolveClientAddress('10.0.0.1', '1.2.3.4, 198.51.100.7', proxy)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.1', '1.2.3.4, 198.51.100.7, 10.0.0.2', proxy)).toBe('198.51.100.7');
  });

  it('falls back to the furthest trusted hop when every hop is trusted or a hop is garbage', () => {
    expect(resolveClientAddress('10.0.0.1', '10.0.0.2', proxy)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.1', 'garbage, 10.0.0.2', proxy)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.1', 'garbage', proxy)).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', '', proxy)).toBe('10.0.0.1');
  });

  it('is empty only when the peer is unknown', () => {
    expect(resolveClientAddress('', '1.2.3.4', proxy)).toBe('');
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['', false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});

describe('headersForSql', () => {
  it('replaces every address header with the computed address', () => {
    const headers = new Headers({
      'X-Forwarded-For': '6.6.6.6',
      'X-Real-IP': '6.6.6.6',
      Forwarded: 'for=6.6.6.6',
      'CF-Connecting-IP': '6.6.6.6',
      'User-Agent': 'test',
    });
    expect(headersForSql(headers, '198.51.100.7')).toEqual({
      'x-forwarded-for': '198.51.100.7',
      'x-real-ip': '198.51.100.7',
      'user-agent': 'test',
    });
    expect(headersForSql(headers, '')).toEqual({ 'user-agent': 'test' });
  });
});
