import { describe, expect, it } from 'vitest';
import { holdsBack, isBlankDraft } from './blank-draft';
import type { Doc } from './merge';

const blank: Doc = {
  id: 'e1',
  status: 'draft',
  number: 'DRAFT-1A2B3C4D',
  provisional_number: 'DRAFT-1A2B3C4D',
  title: '',
  account_id: null,
  prospect_id: null,
  notes: '',
  terms: 'Payment within 30 days',
  tax_rate: 8.25,
  valid_until: '2026-12-26',
  _deleted: false,
};

const cases: { name: string; doc: Doc; children?: number; expected: boolean }[] = [
  { name: 'a fresh draft with only the organization defaults', doc: blank, expected: true },
  { name: 'a title of spaces only', doc: { ...blank, title: '   ' }, expected: true },
  { name: 'deleted before it had content', doc: { ...blank, _deleted: true }, expected: true },
  { name: 'a title', doc: { ...blank, title: 'Deck' }, expected: false },
  { name: 'an account', doc: { ...blank, account_id: 'a1' }, expected: false },
  { name: 'a prospect', doc: { ...blank, prospect_id: 'p1' }, expected: false },
  { name: 'notes', doc: { ...blank, notes: 'Call first' }, expected: false },
  { name: 'an item, milestone or comment on the device', doc: blank, children: 1, expected: false },
  { name: 'a final number (the server has it)', doc: { ...blank, number: 'EST-000007' }, expected: false },
  { name: 'no number at all', doc: { ...blank, number: undefined }, expected: false },
  { name: 'not a draft any more', doc: { ...blank, status: 'sent' }, expected: false },
];

describe('isBlankDraft', () => {
  it.each(cases)('$name → $expected', ({ doc, children, expected }) => {
    expect(isBlankDraft(doc, children ?? 0)).toBe(expected);
  });
});

describe('holdsBack', () => {
  it('holds back a blank draft the server has never seen', () => {
    expect(holdsBack(blank, undefined, 0)).toBe(true);
  });

  it('holds back a blank draft whose earlier push was held back too (RxDB assumes the blank state)', () => {
    expect(holdsBack({ ...blank, _deleted: true }, blank, 0)).toBe(true);
  });

  it('pushes a draft emptied again after a version with content reached the server', () => {
    expect(holdsBack(blank, { ...blank, title: 'Deck' }, 0)).toBe(false);
  });

  it('pushes a draft once it has content', () => {
    expect(holdsBack({ ...blank, title: 'Deck' }, blank, 0)).toBe(false);
    expect(holdsBack(blank, blank, 2)).toBe(false);
  });
});
