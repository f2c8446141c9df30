import { describe, expect, it } from 'vitest';
import { portalStatus } from './portal-status';
import { parseCreateParam, portalFormSchema, settingsOf } from './schemas';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ID = '7c1d6a7e-0b5e-4b8c-9a51-2d7f3e9c1b42';

describe('portal status', () => {
  it.each([
    [{ revoked_at: null, expires_at: null }, 'active'],
    [{ revoked_at: null, expires_at: '2026-12-01T00:00:00Z' }, 'active'],
    [{ revoked_at: null, expires_at: '2026-11-25T11:59:59Z' }, 'expired'],
    [{ revoked_at: '2026-11-20T00:00:00Z', expires_at: '2026-11-01T00:00:00Z' }, 'revoked'],
  ] as const)('%j is %s', (portal, status) => expect(portalStatus(portal, NOW)).toBe(status));
});

describe('portal form', () => {
  const valid = { kind: 'customer', customerId: ID, name: ' Acme  portal ', welcomeMessage: '', brandColor: '#0F766E', showAll: true, visibleEstimateIds: [], allowRequests: true, requireCode: true, expiresOn: '' } as const;

  it('gives the RPC its settings', () => {
    expect(settingsOf(portalFormSchema.parse(valid))).toEqual({
      name: 'Acme portal', welcome_message: '', brand_color: '#0f766e', show_all_estimates: true, visible_estimate_ids: [],
      allow_requests: true, require_code: false, expires_at: null,
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ customerId: '' }, 'customerId'],
    [{ brandColor: 'teal' }, 'brandColor'],
    [{ showAll: false }, 'visibleEstimateIds'],
    [{ expiresOn: '2001-01-01' }, 'expiresOn'],
  ])('refuses %j at %s', (change, field) => {
    const result = portalFormSchema.safeParse({ ...valid, ...change });
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
  });

  it('reads ?create= from an account or a prospect', () => {
    expect(parseCreateParam(`account:${ID}`)).toEqual({ kind: 'customer', customerId: ID });
    expect(parseCreateParam(`prospect:${ID.toUpperCase()}`)).toEqual({ kind: 'prospect', customerId: ID });
    expect(parseCreateParam('1')).toBe('blank');
    expect(parseCreateParam(null)).toBeNull();
  });
});
