// What a person pastes or types to open a portal: the link from the e-mail (or its token), or
// the access code staff gave them (XXXX-XXXX-XXXX, typed loosely: any case, any separators).
// Also the portal paths of this app, for the sign-in page's ?redirect=.
import type { Credential, PortalKind } from './portal-api';

const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;
const CODE = /^[A-HJKMNP-Z2-9]{12}$/;
const PORTAL_PATH = /^\/(portal|prospect-portal)\/([^/?#]+)(\/new-estimate)?\/?(?:[?#].*)?$/;

export function parseCredential(input: string): Credential | null {
  const text = input.trim();
  if (!text) return null;
  const fromUrl = /\/(?:portal|prospect-portal)\/([A-Za-z0-9_-]{32,128})(?:[/?#]|$)/.exec(text);
  if (fromUrl) return { token: fromUrl[1]! };
  if (TOKEN.test(text) && text.length > 20) return { token: text };
  const code = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (CODE.test(code)) return { code: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}` };
  return null;
}

/** A path of this origin the sign-in may return to; anything else (other sites, //host, schemes) is refused. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'https://portal.invalid');
    if (url.origin !== 'https://portal.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The portal a path opens: its kind and its key (a link token or a portal id). */
export function portalPathKey(path: string | null): { kind: PortalKind; key: string } | null {
  const match = path ? PORTAL_PATH.exec(path) : null;
  if (!match || match[2] === 'estimate') return null;
  return { kind: match[1] === 'portal' ? 'customer' : 'prospect', key: decodeURIComponent(match[2]!) };
}

export function portalHomePath(kind: PortalKind, key: string): string {
  return `${kind === 'customer' ? '/portal' : '/prospect-portal'}/${encodeURIComponent(key)}`;
}
