import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_LINK_HEAD, tokenFromPath } from './estimate-link-route';
import { headFor } from './route-table';

describe('the estimate link route', () => {
  it('reads the token from the path, and nothing from other paths', () => {
    expect(tokenFromPath('/portal/estimate/abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromPath('/portal/estimate/abc/')).toBe('abc');
    expect(tokenFromPath('/portal/estimate/a%20b')).toBe('a b');
    expect(tokenFromPath('/portal/estimate/%E0%A4%A')).toBe('');
    expect(tokenFromPath('/portal/estimate/')).toBe('');
    expect(tokenFromPath('/portal/estimate/abc/more')).toBe('');
    expect(tokenFromPath('/portal/abc')).toBe('');
  });

  it('has the head of the route table, in its own HTML too', () => {
    const head = headFor('/portal/estimate/abc');
    expect(head.title).toBe(`${ESTIMATE_LINK_HEAD.name} · Customer Engagement Portal`);
    const html = readFileSync(new URL('../estimate-link.html', import.meta.url), 'utf8');
    expect(html).toContain(`<title>${head.title}</title>`);
    expect(html).toContain(`<meta name="description" content="${head.description}" />`);
  });
});
