import { describe, expect, it } from 'vitest';
import { PROSPECT_STATUSES } from '../../../db/collections/prospects';
import { firstPages, firstPageSize, PAGE } from './paging';

describe('firstPageSize', () => {
  it('fills the visible column and a little more, not a fixed page', () => {
    // 768 px tall: the list is 464 px, six cards of 80 px show (part of the sixth), two more below.
    expect(firstPageSize(768)).toBe(8);
    expect(firstPageSize(1024)).toBe(11);
    expect(firstPageSize(1024)).toBeLessThan(PAGE);
  });

  it('never shows fewer than four cards nor more than a page', () => {
    expect(firstPageSize(200)).toBe(4);
    expect(firstPageSize(0)).toBe(4);
    expect(firstPageSize(10_000)).toBe(PAGE);
  });
});

describe('firstPages', () => {
  it('gives every stage the same first page, as one object per size (the kept board is found by it)', () => {
    const limits = firstPages(768);
    expect(Object.keys(limits).sort()).toEqual([...PROSPECT_STATUSES].sort());
    expect(Object.values(limits).every((n) => n === 8)).toBe(true);
    expect(firstPages(770)).toBe(limits);
    expect(firstPages(1024)).not.toBe(limits);
  });
});
