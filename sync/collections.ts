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

/** Installs our conflict handler on each collection and calls `onWrite` after each write that is not local-only. */
export function watchCollections(database: AppDatabase, names: readonly ReplicatedName[], batcher: PushBatcher, onWrite: () => void): Subscription[] {
  return names.map((name) => {
    const collection = database.collections[name] as unknown as RxCollection<Doc>;
    collection.conflictHandler = createConflictHandler(database, name, { baseOf: (id, local) => batcher.knownBase(name, id, local) });
    return collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<Doc>) => !bulk.isLocal && onWrite());
  });
}

/** Keeps the status's counts of open conflicts and failures. */
export function watchIssues(database: AppDatabase, status: Status): Subscription[] {
  return [
    database.sync_issues.count({ selector: { kind: 'conflict', status: 'open' } }).$.subscribe((conflicts) => status.update({ conflicts })),
    database.sync_issues.count({ selector: { kind: 'failure', status: 'open' } }).$.subscribe((failures) => status.update({ failures })),
  ];
}
