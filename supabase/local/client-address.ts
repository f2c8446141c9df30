// The client's address, computed once per request: the socket's peer, or, when the peer is a
// proxy named in TRUSTED_PROXIES, the right-most X-Forwarded-For hop that is not itself a
// trusted proxy. Everything that records or limits by address (auth rate limits, sessions,
// access logs, acceptance records, the token limiter, the dev mailbox) reads this value;
// a client-sent X-Forwarded-For is never used as it came.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { BlockList, isIP } from 'node:net';

export type TrustedProxies = { check(address: string): boolean; readonly empty: boolean };

const KEYWORDS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/** `::ffff:10.0.0.1` → `10.0.0.1`, lower-case IPv6, zone ids dropped; '' when not an address. */
export function normalizeAddress(raw: string | undefined | null): string {
  let value = (raw ?? '').trim();
  if (value.startsWith('[') && value.includes(']')) value = value.slice(1, value.indexOf(']'));
  const zone = value.indexOf('%');
  if (zone > 0) value = value.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  if (mapped) value = mapped[1]!;
  if (isIP(value) === 0) return '';
  return value.toLowerCase();
}

/**
 * Parses TRUSTED_PROXIES: addresses, CIDR ranges and the keywords loopback, private and
 * linklocal, separated by commas or spaces. Throws on an entry it cannot read.
 */
export function parseTrustedProxies(setting: string): TrustedProxies {
  const list = new BlockList();
  let count = 0;
  const add = (entry: string) => {
    const [base, bits, extra] = entry.split('/');
    const address = normalizeAddress(base);
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!address || extra !== undefined) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR range`);
    if (bits === undefined) {
      list.addAddress(address, family);
    } else {
      const prefix = Number(bits);
      const max = family === 'ipv6' ? 128 : 32;
      if (!/^\d{1,3}$/.test(bits) || prefix > max) throw new Error(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length`);
      list.addSubnet(address, prefix, family);
    }
    count++;
  };
  for (const entry of setting.split(/[\s,]+/).filter(Boolean)) {
    const keyword = KEYWORDS[entry.toLowerCase()];
    if (keyword) keyword.forEach(add);
    else add(entry);
  }
  return {
    empty: count === 0,
    check(address) {
      const normal = normalizeAddress(address);
      if (!normal || count === 0) return false;
      return list.check(normal, isIP(normal) === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * The client behind `peer`: X-Forwarded-For counts only when the peer is trusted, and then
 * hops are read right to left, skipping trusted proxies; the first untrusted hop is the
 * client. A hop that is not an address ends the walk at the proxy that passed it on.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | null | undefined, trusted: TrustedProxies): string {
  let client = normalizeAddress(peer);
  if (!client || !forwardedFor || !trusted.check(client)) return client;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    if (!hop) return client;
    client = hop;
    if (!trusted.check(hop)) return hop;
  }
  return client;
}

export function isLoopback(address: string): boolean {
  const normal = normalizeAddress(address);
  return normal === '::1' || /^127\./.test(normal);
}

const computed = new WeakMap<Request, string>();

function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}

/** Computes the client address of every request once, before any route runs. */
export function clientAddressMiddleware(trusted: TrustedProxies): MiddlewareHandler {
  return async (c, next) => {
    computed.set(c.req.raw, resolveClientAddress(peerAddress(c), c.req.header('x-forwarded-for'), trusted));
    await next();
  };
}

/** The address computed for this request ('' only when truly unknown). */
export function clientAddress(c: Context): string {
  const known = computed.get(c.req.raw);
  if (known !== undefined) return known;
  const address = normalizeAddress(peerAddress(c));
  computed.set(c.req.raw, address);
  return address;
}

/** Headers a client could use to claim an address; SQL sees the computed one instead. */
const ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip'];

/**
 * The request headers as PostgREST hands them to SQL (lower-case names), with every
 * address header replaced by the computed client address in `x-forwarded-for` and
 * `x-real-ip`.
 */
export function headersForSql(headers: Headers, address: string): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  for (const name of ADDRESS_HEADERS) delete out[name];
  if (address) {
    out['x-forwarded-for'] = address;
    out['x-real-ip'] = address;
  }
  return out;
}
