import { describe, expect, it } from 'vitest';
import { baseOnWire } from './protocol';

describe('a change base on the wire', () => {
  const doc = { id: 'a', title: 'Deck, wider', tax_rate: 5, options: ['x'], _deleted: false };
  it.each([
    ['no base (a new row)', undefined, {}],
    ['the same fields: only those that differ', { ...doc, title: 'Deck' }, { assumed_changes: { title: 'Deck' } }],
    ['nothing differs: an empty set of changes', { ...doc }, { assumed_changes: {} }],
    ['a nested value compared as JSON', { ...doc, options: ['y'] }, { assumed_changes: { options: ['y'] } }],
    ['a field the document lacks: the whole base', { ...doc, notes: 'x' }, { assumed: { ...doc, notes: 'x' } }],
    ['a field the base lacks: the whole base', { id: 'a', title: 'Deck', tax_rate: 5, _deleted: false }, { assumed: { id: 'a', title: 'Deck', tax_rate: 5, _deleted: false } }],
  ])('%s', (_, assumed, wire) => {
    expect(baseOnWire(doc, assumed)).toEqual(wire);
    // What the server rebuilds (private.sync_whole_changes) is the base the device meant.
    const sent = baseOnWire(doc, assumed);
    expect(sent.assumed ?? (sent.assumed_changes && { ...doc, ...sent.assumed_changes })).toEqual(assumed);
  });
});
