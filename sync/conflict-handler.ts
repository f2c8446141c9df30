// The RxDB conflict handler of a replicated collection: the three-way merge of merge.ts, and
// every value that lost written to the local conflict log (sync_issues, kind 'conflict').
import type { RxConflictHandler } from 'rxdb';
import { syncIssues } from '../src/db/collections/sync-issues';
import { definitionOf, type AppDatabase, type ReplicatedName } from '../src/db/database';
import { documentsEqual, mergeDocuments, shortHash, type Doc, type LostValue } from './merge';

function conflictId(name: string, docId: string, lost: LostValue): string {
  return `conflict:${name}:${docId}:${lost.field.slice(0, 60)}:${shortHash(lost.local)}${shortHash(lost.server)}`;
}

export type ConflictHandlerOptions = {
  onLost?: (count: number) => void;
  /**
   * The base when RxDB has none: the server state the push batcher learned from an answer
   * that arrived late. Without it the device's own applied write would count as the server's.
   */
  baseOf?: (id: string, local: Doc) => Doc | undefined;
};

export function createConflictHandler(db: AppDatabase, name: ReplicatedName, options: ConflictHandlerOptions = {}): RxConflictHandler<Doc> {
  const definition = definitionOf(name);
  const serverOwned = [...definition.serverOwned, ...definition.derived];
  return {
    isEqual: (a, b) => documentsEqual(a, b),
    async resolve({ assumedMasterState, realMasterState, newDocumentState }) {
      const base = assumedMasterState ?? options.baseOf?.(String(realMasterState.id), newDocumentState);
      const result = mergeDocuments({ base, server: realMasterState, local: newDocumentState, serverOwned });
      const merged = definition.normalize(result.doc);
      if (result.lost.length > 0) {
        const docId = String(realMasterState.id);
        const now = new Date().toISOString();
        // Ids are derived from the values, so resolving the same conflict twice logs it once.
        await db.sync_issues.bulkUpsert(
          result.lost.map((lost) =>
            syncIssues.create({
              id: conflictId(name, docId, lost),
              kind: 'conflict',
              collection_name: name,
              doc_id: docId,
              field: lost.field,
              local_value: JSON.stringify(lost.local),
              server_value: JSON.stringify(lost.server),
              base_value: JSON.stringify(lost.base),
              rule: lost.rule,
              created_at: now,
            }),
          ),
        );
        options.onLost?.(result.lost.length);
      }
      return { ...merged, _deleted: result.doc._deleted === true } as Doc & { _deleted: boolean };
    },
  };
}
