import { describe, expect, it } from 'vitest';
import { parseCredential, portalHomePath, portalPathKey, safeRedirect } from './portal-credential';

const TOKEN = 'Ab3_-defghijklmnopqrstuvwxyz0123456789ABCDEF';

describe('portal credentials', () => {
  it.each([
    [`https://example.com/portal/${TOKEN}`, { token: TOKEN }],
    [`  http://127.0.0.1:4173/prospect-portal/${TOKEN}?x=1 `, { token: TOKEN }],
    [`/portal/${TOKEN}/new-estimate`, { token: TOKEN }],
    [TOKEN, { token: TOKEN }],
    ['k7qm-4xpt-9rzc', { code: 'K7QM-4XPT-9RZC' }],
    ['K7QM 4XPT 9RZC', { code: 'K7QM-4XPT-9RZC' }],
    ['k7qm4xpt9rzc', { code: 'K7QM-4XPT-9RZC' }],
  ])('reads %s', (input, expected) => expect(parseCredential(input)).toEqual(expected));

  it.each(['', '   ', 'hello', 'K7QM-4XPT-9RZ', 'K0QM-4XPT-9RZC', 'https://example.com/portal/short'])('refuses %j', (input) => expect(parseCredential(input)).toBeNull());

  it('returns only to paths of this origin', () => {
    expect(safeRedirect('/portal/abc?x=1#y')).toBe('/portal/abc?x=1#y');
    for (const bad of ['https://evil.example/portal/x', '//evil.example/portal', '/\\evil.example', 'javascript:alert(1)', '', null]) expect(safeRedirect(bad)).toBeNull();
  });

  it('finds the portal a path opens', () => {
    expect(portalPathKey(`/portal/${TOKEN}`)).toEqual({ kind: 'customer', key: TOKEN });
    expect(portalPathKey(`/portal/${TOKEN}/new-estimate?x=1`)).toEqual({ kind: 'customer', key: TOKEN });
    expect(portalPathKey(`/prospect-portal/${TOKEN}`)).toEqual({ kind: 'prospect', key: TOKEN });
    expect(portalPathKey(`/portal/estimate/${TOKEN}`)).toBeNull();
    expect(portalPathKey('/estimates')).toBeNull();
    expect(portalHomePath('prospect', 'a b')).toBe('/prospect-portal/a%20b');
  });
});
