import { describe, expect, it } from 'vitest';
import { cut, DESCRIPTION_MAX, pageDescription, pageTitle, TITLE_MAX } from '../lib/head';
import { hasEmptyParam, headFor, loadsAuthAtStart, ROUTE_TABLE, routeFor } from './route-table';

describe('title and description cutting', () => {
  it('keeps short text as it is', () => {
    expect(cut('Estimates', 60)).toBe('Estimates');
  });

  it('cuts a title to 60 characters and a description to 160', () => {
    const title = pageTitle('A'.repeat(100));
    expect([...title]).toHaveLength(TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    const description = pageDescription('word '.repeat(100));
    expect([...description].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description.endsWith('…')).toBe(true);
    expect([...pageDescription('x'.repeat(160))]).toHaveLength(160);
    expect([...pageDescription('x'.repeat(161))]).toHaveLength(160);
  });

  it('uses the defaults of SPEC §1', () => {
    expect(pageTitle()).toBe('Customer Engagement Portal');
    expect(pageDescription()).toBe('Collaborate on estimates, products, and timelines in a secure customer portal.');
  });
});

describe('head tags per route', () => {
  it('gives every route its own title and description', () => {
    const heads = ROUTE_TABLE.map((r) => headFor(r.path.replace(/:\w+/g, 'abc')));
    expect(new Set(heads.map((h) => h.title)).size).toBe(ROUTE_TABLE.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(ROUTE_TABLE.length);
    for (const head of heads) {
      expect([...head.title].length).toBeLessThanOrEqual(60);
      expect([...head.description].length).toBeLessThanOrEqual(160);
    }
  });

  it.each([
    ['/estimates', 'Estimates · Customer Engagement Portal'],
    ['/estimates/42/edit', 'Edit Estimate · Customer Engagement Portal'],
    ['/portal/estimate/tok', 'Your Estimate · Customer Engagement Portal'],
    ['/portal/tok', 'Customer Portal · Customer Engagement Portal'],
    ['/', 'Home · Customer Engagement Portal'],
    ['/no/such/page', 'Page Not Found · Customer Engagement Portal'],
  ])('%s → %s', (path, title) => {
    expect(headFor(path).title).toBe(title);
  });

  it('covers every route of SPEC §2', () => {
    const spec = [
      '/requests', '/auth', '/portal-auth', '/portal-selection', '/prospect-portal-auth', '/prospect-portal-selection',
      '/prospect-portal/:token', '/invite/:token', '/portal/estimate/:token', '/portal/:token', '/portal/:token/new-estimate',
      '/', '/estimates', '/estimates/:id', '/estimates/:id/edit', '/estimates/:id/streamlined', '/prospects', '/accounts',
      '/products', '/analytics', '/portals', '/portals/:id', '/portals/:id/settings', '/settings', '/team', '/monitoring',
    ];
    for (const path of spec) expect(routeFor(path.replace(/:\w+/g, 'x'))?.path).toBe(path);
  });
});

describe('empty route parameters', () => {
  it.each(['/invite/%20', '/invite/', '/portal/%20', '/portal/%20%20/new-estimate', '/estimates/%20/edit', '/estimates//edit', '/portals/%09/settings', '/portal/estimate/%20', '/prospect-portal/', '/communities/%20'])(
    '%s has an empty parameter',
    (path) => expect(hasEmptyParam(path)).toBe(true),
  );

  it.each(['/estimates', '/estimates/', '/', '/invite/abc', '/portal/estimate/abc', '/portal/abc/new-estimate', '/nowhere/%20', '/estimates/%E0%A4%A'])(
    '%s does not',
    (path) => expect(hasEmptyParam(path)).toBe(false),
  );
});

describe('auth at start', () => {
  const at = (pathname: string, search = '', hash = '') => loadsAuthAtStart({ pathname, search, hash });

  it('loads auth for staff screens, sign-in, invitations and the legacy staff paths', () => {
    for (const path of ['/', '/estimates', '/estimates/abc/edit', '/settings', '/auth', '/invite/abc', '/communities', '/communities/abc/edit']) {
      expect(at(path), path).toBe(true);
    }
  });

  it('leaves it out of the customer and public pages', () => {
    for (const path of ['/portal/estimate/abc', '/portal/abc', '/portal-auth', '/prospect-portal/abc', '/requests', '/404', '/nowhere']) {
      expect(at(path), path).toBe(false);
    }
  });

  it('loads it wherever an auth e-mail link lands with a code, tokens or an error', () => {
    expect(at('/requests', '?code=abc')).toBe(true);
    expect(at('/portal-auth', '', '#access_token=abc&type=recovery')).toBe(true);
    expect(at('/404', '', '#error=access_denied&error_code=otp_expired&error_description=x')).toBe(true);
  });
});
