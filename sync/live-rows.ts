// A realtime notice carries the changed row: when it is safe, the row is handed to RxDB as it
// is, without a pull (a change reaches other devices one request sooner). It is safe when
// - the row is whole: every column the device keeps is in the message (hosted Realtime leaves
//   unchanged TOASTed columns out of an UPDATE; normalizing would blank them), and
// - this term's pull has run, so there is a checkpoint, and no push of this collection is
//   under way (a row this device just pushed must reach RxDB after RxDB recorded the push's
//   answer: sync/term.ts, pushesSettled). A row must not wait for the push either: a pull
//   released with it could hand RxDB a newer page first, and the older row would then
//   overwrite it without moving the checkpoint (seen in the property test).
// Otherwise the notice asks for a pull, as before. The checkpoint never moves for such a row:
// RxDB stores, with the row, the checkpoint of the last page pulled (read when RxDB processes
// the row, after every pull queued before it), so the next pull still fetches everything
// after that page (the same row again, harmlessly), and a missed notice is caught by it.
import type { RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import { definitionOf, type ReplicatedName } from '../src/db/database';
import type { Doc } from './merge';
import { fromServer, type Checkpoint } from './protocol';

type LiveRow = { row: Record<string, unknown> };
export type PullStreamItem = 'RESYNC' | LiveRow;

// Times as sync_pull writes them (JSON, ISO 8601 with a T). Hosted Realtime passes timestamptz
// through as its decoder wrote it; a row in another form is pulled instead, so a device never
// keeps two spellings of one time.
const JSON_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** Every column the device keeps from the server is in the row, times written as sync_pull writes them. */
export function isWholeRow(name: ReplicatedName, row: Record<string, unknown>): boolean {
  const definition = definitionOf(name);
  return (
    typeof row.id === 'string' &&
    typeof row.updated_at === 'string' &&
    JSON_TIME.test(row.updated_at) &&
    Object.keys(definition.fields).every((key) => definition.derived.includes(key) || key in row)
  );
}

export type LiveRowState = {
  /** The checkpoint of the last page this term's pull handed to RxDB. */
  checkpoint(): Checkpoint | undefined;
  /** The first pull and push passes are done and no push is under way. */
  idle(): boolean;
};

/** What RxDB's pull stream gets for a trigger: the row itself when safe, else a pull. */
export function toStreamItem(name: ReplicatedName, item: PullStreamItem, state: LiveRowState): RxReplicationPullStreamItem<Doc, Checkpoint> {
  if (item === 'RESYNC' || !state.checkpoint() || !state.idle() || !isWholeRow(name, item.row)) return 'RESYNC';
  const at = () => state.checkpoint()!;
  // Getters: RxDB copies the checkpoint when it processes the row, not when it is queued.
  const checkpoint = {
    get txid() {
      return at().txid;
    },
    get id() {
      return at().id;
    },
  };
  return { documents: [fromServer(name, item.row) as WithDeleted<Doc>], checkpoint };
}
