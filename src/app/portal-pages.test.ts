// The server answers the portal pages with portal.html and the estimate link with its page; it
// cannot import the app, so this checks that its paths and the app's routes agree.
import { describe, expect, it } from 'vitest';
import { separatePageFor } from '../../supabase/local/static-app';
import { PORTAL_PAGES } from './portal-pages';
import { ROUTE_TABLE } from './route-table';

const sample = (path: string) => path.replace(/:[a-z]+/gi, 'Abc_123-xyz');

describe('the pages of their own and the routes', () => {
  it('every portal page is a route of SPEC.md §2 the server answers with portal.html', () => {
    for (const { path } of PORTAL_PAGES) {
      expect(ROUTE_TABLE.map((r) => r.path)).toContain(path);
      expect(separatePageFor(sample(path)), path).toBe('portal.html');
    }
  });

  it('every other route is answered with the app, but the estimate link', () => {
    const portal = new Set(PORTAL_PAGES.map((p) => p.path));
    for (const { path } of ROUTE_TABLE.filter((r) => !portal.has(r.path))) {
      expect(separatePageFor(sample(path)), path).toBe(path === '/portal/estimate/:token' ? 'estimate-link.html' : undefined);
    }
  });
});
