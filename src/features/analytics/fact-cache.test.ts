// The saved facts' columns give back exactly the facts they were made from: nulls (no view,
// no margin), every status, and the product lines of accepted estimates.
import { describe, expect, it } from 'vitest';
import { fromColumns, toColumns } from './fact-cache';
import { buildFacts } from './facts';
import { DOCS } from './test-data';

describe('saved analytics facts', () => {
  it('read back from columns equal to the facts saved', () => {
    const { estimates } = buildFacts(DOCS);
    const facts = [...estimates.values()];
    expect(facts.some((f) => f.viewed === null && f.figures.marginPercent === null)).toBe(true);
    expect(facts.some((f) => f.products.length > 1)).toBe(true);
    expect(new Set(facts.map((f) => f.status)).size).toBeGreaterThan(4);
    const back = fromColumns(toColumns(estimates));
    expect([...back.keys()]).toEqual([...estimates.keys()]);
    expect(back).toEqual(estimates);
  });

  it('read back an organization without estimates', () => {
    expect(fromColumns(toColumns(new Map())).size).toBe(0);
  });
});
