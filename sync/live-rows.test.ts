import { describe, expect, it } from 'vitest';
import { definitionOf } from '../src/db/database';
import { isWholeRow, toStreamItem, type LiveRowState } from './live-rows';
import type { Checkpoint } from './protocol';

const ID = '6f1c2a9e-1b7d-4c3e-9a51-2f0e8d7c6b5a';
/** A server row of accounts: every column the device keeps, as sync_pull would send it. */
function accountRow(): Record<string, unknown> {
  const definition = definitionOf('accounts');
  const doc = definition.normalize({ id: ID, name: 'Acme' }) as Record<string, unknown>;
  for (const key of definition.derived) delete doc[key];
  return { ...doc, updated_at: '2026-11-27T08:00:00.123456+00:00', _deleted: false, _txid: '991', locked_txid: null };
}

function state(checkpoint: Checkpoint | undefined, idle = true): LiveRowState & { set(c: Checkpoint): void } {
  let current = checkpoint;
  return { checkpoint: () => current, idle: () => idle, set: (c) => (current = c) };
}

describe('a realtime row handed to the replication', () => {
  it('is applied as it is when whole, after a pull, with no push under way', () => {
    const item = toStreamItem('accounts', { row: accountRow() }, state({ txid: '5', id: ID }));
    expect(item).not.toBe('RESYNC');
    if (item === 'RESYNC') return;
    expect(item.documents).toHaveLength(1);
    expect(item.documents[0]).toMatchObject({ id: ID, name: 'Acme', _deleted: false });
    // Columns the device does not keep are dropped.
    expect(item.documents[0]).not.toHaveProperty('_txid');
  });

  it('carries the checkpoint of the last page pulled when RxDB reads it, never one of its own', () => {
    const s = state({ txid: '5', id: ID });
    const item = toStreamItem('accounts', { row: accountRow() }, s);
    if (item === 'RESYNC') throw new Error('expected documents');
    // A pull queued before the row finishes first and moves the checkpoint: the row keeps it there.
    s.set({ txid: '7', id: ID });
    expect(Object.assign({}, item.checkpoint)).toEqual({ txid: '7', id: ID });
  });

  it('asks for a pull instead before the first pull, while a push runs, or when columns are missing', () => {
    expect(toStreamItem('accounts', { row: accountRow() }, state(undefined))).toBe('RESYNC');
    expect(toStreamItem('accounts', { row: accountRow() }, state({ txid: '5', id: ID }, false))).toBe('RESYNC');
    const partial = accountRow();
    delete partial.notes;
    expect(isWholeRow('accounts', partial)).toBe(false);
    expect(toStreamItem('accounts', { row: partial }, state({ txid: '5', id: ID }))).toBe('RESYNC');
    expect(toStreamItem('accounts', 'RESYNC', state({ txid: '5', id: ID }))).toBe('RESYNC');
    // A time spelled otherwise than sync_pull spells it (as a logical decoder may write it).
    expect(isWholeRow('accounts', { ...accountRow(), updated_at: '2026-11-27 08:00:00.123456+00' })).toBe(false);
  });
});
