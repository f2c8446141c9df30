// Every route of SPEC.md §2 with who may open it and its head tags. The router, the head tags
// and the empty-parameter rule all read this one table.
import { matchPath } from 'react-router-dom';
import { carriesAuthParams } from '../features/auth/auth-url';
import { pageDescription, pageTitle } from '../lib/head';
import { ESTIMATE_LINK_HEAD } from './estimate-link-route';

type RouteAccess = 'public' | 'customer' | 'staff';

export type RouteEntry = {
  path: string;
  access: RouteAccess;
  name?: string;
  description: string;
};

export const ROUTE_TABLE: readonly RouteEntry[] = [
  // Public
  { path: '/requests', access: 'public', name: 'Request an Estimate', description: 'Tell us about your project and request an estimate from our team.' },
  { path: '/auth', access: 'public', name: 'Sign In', description: 'Sign in or create a staff account for the Customer Engagement Portal.' },
  { path: '/portal-auth', access: 'public', name: 'Customer Portal Sign In', description: 'Sign in to your customer portal to review estimates and timelines.' },
  { path: '/portal-selection', access: 'public', name: 'Choose a Customer Portal', description: 'Choose which of your customer portals to open.' },
  { path: '/prospect-portal-auth', access: 'public', name: 'Prospect Portal Sign In', description: 'Sign in to your prospect portal to see proposals prepared for you.' },
  { path: '/prospect-portal-selection', access: 'public', name: 'Choose a Prospect Portal', description: 'Choose which of your prospect portals to open.' },
  { path: '/prospect-portal/:token', access: 'public', name: 'Prospect Portal', description: 'Proposals, products and next steps prepared for you.' },
  { path: '/invite/:token', access: 'public', name: 'Accept Invitation', description: 'Accept your invitation to collaborate in the Customer Engagement Portal.' },
  { path: '/portal/estimate/:token', access: 'public', ...ESTIMATE_LINK_HEAD },
  // Customer session
  { path: '/portal/:token', access: 'customer', name: 'Customer Portal', description: 'Your estimates, timelines and conversations with our team in one place.' },
  { path: '/portal/:token/new-estimate', access: 'customer', name: 'New Estimate Request', description: 'Ask for a new estimate from within your customer portal.' },
  // Staff
  { path: '/', access: 'staff', name: 'Home', description: 'Your day at a glance: open estimates, recent activity and sync status.' },
  { path: '/estimates', access: 'staff', name: 'Estimates', description: 'Create, price and track estimates with cost and margin for every line.' },
  { path: '/estimates/:id', access: 'staff', name: 'Estimate', description: 'Estimate details: line items, totals, margin, timeline and customer activity.' },
  { path: '/estimates/:id/edit', access: 'staff', name: 'Edit Estimate', description: 'Edit the line items, prices and timeline of an estimate.' },
  { path: '/estimates/:id/streamlined', access: 'staff', name: 'Streamlined Estimate', description: 'Build an estimate quickly in a focused, tablet-friendly view.' },
  { path: '/prospects', access: 'staff', name: 'Prospects', description: 'Track prospects from first contact to signed estimate.' },
  { path: '/accounts', access: 'staff', name: 'Accounts', description: 'Customer accounts, their contacts and their estimate history.' },
  { path: '/products', access: 'staff', name: 'Products', description: 'The product catalogue with prices, costs and units used in estimates.' },
  { path: '/analytics', access: 'staff', name: 'Analytics', description: 'Win rates, pipeline value and margins across estimates and staff.' },
  { path: '/portals', access: 'staff', name: 'Portals', description: 'Customer and prospect portals: who can see what, and their activity.' },
  { path: '/portals/:id', access: 'staff', name: 'Portal', description: 'A customer portal: its estimates, members and recent activity.' },
  { path: '/portals/:id/settings', access: 'staff', name: 'Portal Settings', description: 'Branding, access and notifications of a customer portal.' },
  { path: '/settings', access: 'staff', name: 'Settings', description: 'Your profile, account security and company preferences.' },
  { path: '/team', access: 'staff', name: 'Team', description: 'Invite staff, manage roles and see who is working on what.' },
  { path: '/monitoring', access: 'staff', name: 'Monitoring', description: 'Sync health, storage use and recent errors on this device.' },
  // Not found
  { path: '/404', access: 'public', name: 'Page Not Found', description: 'The page you were looking for does not exist or has moved.' },
];

const LEGACY_REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/communities', to: '/estimates' },
  { from: '/communities/:id', to: '/estimates/:id' },
  { from: '/communities/:id/edit', to: '/estimates/:id/edit' },
];

const NOT_FOUND = ROUTE_TABLE.find((r) => r.path === '/404')!;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The table entry a path lands on, or undefined for an unmatched path. */
export function routeFor(pathname: string): RouteEntry | undefined {
  return ROUTE_TABLE.find((r) => matchPath({ path: r.path, end: true }, pathname));
}

/**
 * True when the path has the shape of a parametrised route but a required parameter is empty
 * or blank once decoded (`/invite/%20`, `/invite/`, `/estimates//edit`). Such paths go to /404.
 */
export function hasEmptyParam(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (ROUTE_TABLE.some((r) => !r.path.includes(':') && r.path === trimmed)) return false;
  const segments = pathname.split('/').slice(1);
  const patterns = [...ROUTE_TABLE.map((r) => r.path), ...LEGACY_REDIRECTS.map((r) => r.from)].filter((p) => p.includes(':'));
  return patterns.some((pattern) => {
    const parts = pattern.split('/').slice(1);
    if (parts.length !== segments.length) return false;
    let blank = false;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        if (safeDecode(segment).trim() === '') blank = true;
      } else if (part !== segment) {
        return false;
      }
    }
    return blank;
  });
}

// Paths whose screens need the staff auth (supabase-js and the auth controller) at once.
const AUTH_PATHS = new Set(['/auth', '/invite/:token']);

/**
 * Whether the app should load auth as it starts on this URL: staff screens, sign-in, an
 * invitation, the legacy staff paths, and any URL carrying what an auth e-mail link hands to
 * supabase-js (a code, tokens or an error). A customer's token page, /requests or a portal
 * does not: it never downloads supabase-js.
 */
export function loadsAuthAtStart(url: { pathname: string; search: string; hash: string }): boolean {
  if (carriesAuthParams(url)) return true;
  const entry = routeFor(url.pathname);
  if (!entry) return LEGACY_REDIRECTS.some((r) => matchPath({ path: r.from, end: true }, url.pathname));
  return entry.access === 'staff' || AUTH_PATHS.has(entry.path);
}

export type ResolvedHead = { title: string; description: string; canonicalPath: string };

export function headFor(pathname: string): ResolvedHead {
  const entry = routeFor(pathname) ?? NOT_FOUND;
  return { title: pageTitle(entry.name), description: pageDescription(entry.description), canonicalPath: pathname };
}
