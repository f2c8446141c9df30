// A realtime notice carries the changed row: when it is safe, the row is handed to RxDB as it
// is, without a request (a change reaches other devices one request sooner).
//
// The row goes through the pull handler, not as a document on RxDB's stream: the stream gets
// a 'RESYNC', the row waits here, and the pull call that follows hands it over as a page of
// its own, with the checkpoint RxDB passed in, or requests a page of sync_pull instead. RxDB
// makes pull calls one at a time and writes each page before the next call, so the row is
// judged against every page written before it. (Judged when it came, as a document on the
// stream, it could be written after a page requested meanwhile that held a newer version of
// the same row: it overwrote that version without moving the checkpoint, and no later pull
// brought the newer one back. live-rows.test.ts shows it; likely the property test's failure
// on PostgreSQL that had a row wait for a push, which widened the window.)
//
// A row is handed over only if no pull delivered a newer version of it. The checkpoint's
// (_txid, id) cannot tell: a row's _txid is its writer's transaction id, and a transaction
// that got its id first may write the row last, so a newer version can sit before an older
// one in pull order. _modified can: clock_timestamp(), stamped once the writer holds the row
// lock, so each version of a row is stamped later than the one before. The checkpoint carries
// `modified`, the latest _modified of every row pulled so far (RxDB stores it with the
// checkpoint, so it outlives the term and the tab), and a row is handed over only if stamped
// after it (and after any version of it handed over this term). Coarse (a notice of a row
// stamped before some pulled row costs a request) but cheap: one number, no lookup per
// document. It assumes the server's clock does not step back between two writes of a row.
//
// The call requests a page instead when a kept row is not later than `modified`, or the
// checkpoint has none (nothing pulled yet, or written before it existed); when a pull was
// asked for since the last request (a notice without a whole row, "sync now", a blocked
// pull's retry); when the last page was full (RxDB asks for the next); and for the term's
// first call. A request covers every row kept before it (it reads the server after their
// commits), so those are dropped when it succeeds. A row is whole when every column the
// device keeps is in it (hosted Realtime leaves unchanged TOASTed columns out of an UPDATE;
// normalizing would blank them) and its times are written as sync_pull writes them.
//
// Kept rows wait for this collection's pushes to settle (sync/term.ts, pushesSettled): a row
// this device just pushed must reach RxDB after RxDB recorded the push's answer. So the echo
// of a push goes as a row after it, not as a request. The checkpoint's position never moves
// for a row, so the next request still fetches everything after the last page pulled, and a
// missed notice is caught by it.
import type { WithDeleted } from 'rxdb';
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

const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/;

/** A timestamptz as JSON or text writes it → microseconds since 1970 (exact in a double until year 2255). */
export function serverMicros(value: unknown): number | undefined {
  const m = typeof value === 'string' ? SERVER_TIME.exec(value) : null;
  if (!m) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = m;
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) - offsetMinutes(zone) * 60_000;
  return ms * 1000 + Number(fraction.padEnd(6, '0'));
}

/** Z, +HH, +HHMM or +HH:MM → minutes east of UTC. */
function offsetMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}

/**
 * The checkpoint after a page of sync_pull rows: the page's, with `modified` raised to its
 * latest _modified. Known only if it was known before (or nothing was pulled before) and every
 * row carries one; else it is set to undefined, so that RxDB, which stacks a checkpoint on the
 * stored one, does not keep an older value.
 */
export function pulledCheckpoint(previous: Checkpoint | undefined, rows: readonly Record<string, unknown>[], next: Checkpoint | null): Checkpoint | undefined {
  if (!next) return previous;
  // sync_pull writes every time in UTC, ISO 8601 with +00:00 and trailing zeros of the
  // fraction left out; '+' sorts before '.' and the digits, so text order is time order.
  let latest = '';
  for (const row of rows) {
    const modified = row._modified;
    if (typeof modified !== 'string') return { ...next, modified: undefined };
    if (modified > latest) latest = modified;
  }
  const before = previous ? previous.modified : -Infinity;
  const at = serverMicros(latest);
  return { ...next, modified: before === undefined || at === undefined ? undefined : Math.max(before, at) };
}

type Kept = { row: Record<string, unknown>; at: number; n: number };

export type LiveRows = {
  /** What RxDB's pull stream gets for a trigger: always 'RESYNC'; a whole row is kept for the call it starts. */
  offer(item: PullStreamItem): 'RESYNC';
  /** Rows are kept: the call waits for pushes to settle before `take`. */
  waiting(): boolean;
  /** At a pull call: the kept rows as documents when they are safe to hand over, else undefined (request a page). */
  take(checkpoint: Checkpoint | undefined): WithDeleted<Doc>[] | undefined;
  /** Runs a request of sync_pull: rows kept before it are covered by it once it succeeds. */
  request<P extends { documents: unknown[] }>(pull: () => Promise<P>, batchSize: number): Promise<P>;
};

/** One collection's realtime rows during one leadership term (see the header). */
export function createLiveRows(name: ReplicatedName): LiveRows {
  // Stream items are numbered; `covered` is the last one before the last successful request.
  let seen = 0;
  let covered = -1;
  // The last item that asked for a pull (0: the term's first call requests).
  let wanted = 0;
  // The last page was full: RxDB asks for the next one at once.
  let more = false;
  const kept = new Map<string, Kept>();
  // The _modified of each row handed over this term: a notice delivered out of order must not
  // replace the version handed over before it either.
  const handed = new Map<string, number>();
  return {
    offer(item) {
      seen++;
      const at = item === 'RESYNC' ? undefined : serverMicros(item.row._modified);
      if (item === 'RESYNC' || at === undefined || !isWholeRow(name, item.row)) {
        wanted = seen;
        return 'RESYNC';
      }
      const id = item.row.id as string;
      const before = kept.get(id);
      // One channel delivers a row's versions in order; the later _modified wins regardless.
      if (!before || before.at <= at) kept.set(id, { row: item.row, at, n: seen });
      return 'RESYNC';
    },
    waiting: () => kept.size > 0,
    take(checkpoint) {
      const after = checkpoint?.modified;
      if (more || wanted > covered || kept.size === 0 || after === undefined) return undefined;
      const rows = [...kept.values()];
      if (!rows.every((r) => r.at > after && r.at > (handed.get(r.row.id as string) ?? after))) return undefined;
      kept.clear();
      for (const r of rows) handed.set(r.row.id as string, r.at);
      return rows.map((r) => fromServer(name, r.row) as WithDeleted<Doc>);
    },
    async request(pull, batchSize) {
      const upTo = seen;
      const page = await pull();
      covered = upTo;
      for (const [id, r] of kept) if (r.n <= upTo) kept.delete(id);
      more = page.documents.length >= batchSize;
      return page;
    },
  };
}
