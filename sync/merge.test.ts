import { describe, expect, it } from 'vitest';
import { baseAfterOwnWrite, documentsEqual, mergeDocuments, rebaseOnOwnWrite, type Doc, type MergeRule } from './merge';

const base: Doc = { id: 'e1', title: 'Roof', notes: 'n', tax_rate: 8, number: 'DRAFT-1', _deleted: false };

// Each row: what the server and the device made of `base`, the merged document, the rule that
// decided the interesting field, and which values (if any) went to the conflict log.
const cases: { name: string; server: Doc; local: Doc; merged: Doc; field: string; rule: MergeRule; lost: [string, unknown, string][] }[] = [
  { name: 'only the device changed a field', server: { ...base }, local: { ...base, title: 'Roof v2' }, merged: { ...base, title: 'Roof v2' }, field: 'title', rule: 'unchanged-on-server', lost: [] },
  { name: 'only the server changed a field', server: { ...base, title: 'Roof S' }, local: { ...base }, merged: { ...base, title: 'Roof S' }, field: 'title', rule: 'unchanged-locally', lost: [] },
  { name: 'different fields changed on each side', server: { ...base, notes: 'server notes' }, local: { ...base, title: 'Local title' }, merged: { ...base, notes: 'server notes', title: 'Local title' }, field: 'notes', rule: 'unchanged-locally', lost: [] },
  { name: 'both made the same change', server: { ...base, tax_rate: 9 }, local: { ...base, tax_rate: 9 }, merged: { ...base, tax_rate: 9 }, field: 'tax_rate', rule: 'same-change', lost: [] },
  { name: 'both changed the same field: the server value stays, the local one is logged', server: { ...base, title: 'Server' }, local: { ...base, title: 'Local' }, merged: { ...base, title: 'Server' }, field: 'title', rule: 'server-wins', lost: [['title', 'Local', 'server-wins']] },
  { name: 'a server-owned field always takes the server value', server: { ...base, number: 'EST-000001' }, local: { ...base, number: 'DRAFT-9' }, merged: { ...base, number: 'EST-000001' }, field: 'number', rule: 'server-owned', lost: [] },
  { name: 'deleted on the server while edited here: stays deleted, the edit is logged', server: { ...base, _deleted: true }, local: { ...base, notes: 'mine' }, merged: { ...base, notes: 'mine', _deleted: true }, field: '_deleted', rule: 'deleted-on-server', lost: [['notes', 'mine', 'deleted-on-server']] },
  { name: 'deleted here while edited on the server: deleted, nothing to log', server: { ...base, notes: 'theirs' }, local: { ...base, _deleted: true }, merged: { ...base, notes: 'theirs', _deleted: true }, field: '_deleted', rule: 'unchanged-on-server', lost: [] },
  { name: 'a null set on one side counts as a change', server: { ...base, tax_rate: null }, local: { ...base }, merged: { ...base, tax_rate: null }, field: 'tax_rate', rule: 'unchanged-locally', lost: [] },
];

describe('three-way merge rules', () => {
  it.each(cases)('$name', ({ server, local, merged, field, rule, lost }) => {
    const result = mergeDocuments({ base, server, local, serverOwned: ['number'] });
    expect(result.doc).toEqual(merged);
    expect(result.rules[field]).toBe(rule);
    expect(result.lost.map((x) => [x.field, x.local, x.rule])).toEqual(lost);
  });

  it('is deterministic: the same inputs in any key order give the same document', () => {
    const server = { ...base, title: 'S', notes: 'sn' };
    const local = { ...base, title: 'L', tax_rate: 10 };
    const reversed = (d: Doc) => Object.fromEntries(Object.entries(d).reverse());
    const a = mergeDocuments({ base, server, local });
    const b = mergeDocuments({ base: reversed(base), server: reversed(server), local: reversed(local) });
    expect(JSON.stringify(a.doc)).toBe(JSON.stringify(b.doc));
    expect(a.lost).toEqual(b.lost);
  });

  it('without a base (same id created twice) the server value wins every differing field', () => {
    const result = mergeDocuments({ base: undefined, server: { id: 'x', title: 'S', notes: '' }, local: { id: 'x', title: 'L', notes: '' } });
    expect(result.doc).toEqual({ id: 'x', title: 'S', notes: '' });
    expect(result.lost.map((x) => x.field)).toEqual(['title']);
  });

  it('merging the result again changes nothing', () => {
    const first = mergeDocuments({ base, server: { ...base, title: 'S' }, local: { ...base, title: 'L', notes: 'x' } });
    const again = mergeDocuments({ base: { ...base, title: 'S' }, server: { ...base, title: 'S' }, local: first.doc });
    expect(again.doc).toEqual(first.doc);
    expect(again.lost).toEqual([]);
  });

  it("after the device's own write landed unanswered, only a later server change to a field it edited is a conflict", () => {
    // The server filled in owner_id on the device's insert; since then the device edited the
    // title and the notes, and another device changed the title.
    const pushed = { id: 'x', title: 'T', notes: '', owner_id: null };
    const known = { ...pushed, owner_id: 'u1' };
    const local = { ...pushed, title: 'Mine', notes: 'mine' };
    const server = { ...known, title: 'Theirs' };
    const result = mergeDocuments({ base: baseAfterOwnWrite(pushed, known, local), server, local });
    expect(result.doc).toEqual({ id: 'x', title: 'Theirs', notes: 'mine', owner_id: 'u1' });
    expect(result.lost.map((x) => [x.field, x.local, x.server])).toEqual([['title', 'Mine', 'Theirs']]);
    expect(rebaseOnOwnWrite(pushed, known, local)).toEqual({ id: 'x', title: 'Mine', notes: 'mine', owner_id: 'u1' });
  });

  it('compares documents ignoring RxDB metadata', () => {
    expect(documentsEqual({ ...base, _rev: '1-a', _meta: { lwt: 1 } }, { ...base, _rev: '2-b' })).toBe(true);
    expect(documentsEqual(base, { ...base, title: 'x' })).toBe(false);
    expect(documentsEqual({ a: null }, {})).toBe(true);
  });
});
