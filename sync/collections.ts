// The replicated collections as sync sees them: each resolves conflicts with our merge (RxDB
// reads the handler when a replication starts), any write to one (this tab's, another tab's, a
// pull's) may change what is pending, and the open conflicts and failures are counted for the
// status.
import type { RxChangeEventBulk, RxCollection } from 'rxdb';
import type { Subscription } from 'rxjs';
import type { AppDatabase, ReplicatedName } from '../src/db/database';
import { createConflictHandler } from './conflict-handler';
import type { Doc } from './merge';
import type { PushBatcher } from './push-batcher';
import type { Status } from './status';

/**
 * Whether a write may change what is pending. RxDB's pull writes a document only where the
 * device has no unpushed change of it (its downstream skips those), so a pull cannot add or
 * end a pending change: a push ends one, and the replication going idle counts again after it.
 * Counting after each pulled page instead read every document pulled since the last count, over
 * and over during a first sync (pages of 5,000), and kept a device busy seconds after it.
 */
export function mayChangePending(bulk: Pick<RxChangeEventBulk<Doc>, 'isLocal' | 'context'>): boolean {
  return !bulk.isLocal && !bulk.context.startsWith(PULL_WRITE_CONTEXT);
}

/** How RxDB's replication names its pull's writes (replication-protocol: downstreamBulkWriteFlag). */
const PULL_WRITE_CONTEXT = 'replication-downstream-';

/** Installs our conflict handler on each collection and calls `onWrite` after each write that may change what is pending. */
export function watchCollections(database: AppDatabase, names: readonly ReplicatedName[], batcher: PushBatcher, onWrite: () => void): Subscription[] {
  return names.map((name) => {
    const collection = database.collections[name] as unknown as RxCollection<Doc>;
    collection.conflictHandler = createConflictHandler(database, name, { baseOf: (id, local) => batcher.knownBase(name, id, local) });
    return collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<Doc>) => mayChangePending(bulk) && onWrite());
  });
}

/** Keeps the status's counts of open conflicts and failures. */
export function watchIssues(database: AppDatabase, status: Status): Subscription[] {
  return [
    database.sync_issues.count({ selector: { kind: 'conflict', status: 'open' } }).$.subscribe((conflicts) => status.update({ conflicts })),
    database.sync_issues.count({ selector: { kind: 'failure', status: 'open' } }).$.subscribe((failures) => status.update({ failures })),
  ];
}
