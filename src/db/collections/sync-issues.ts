import { defineCollection, type DocOf } from '../define';
import { nullableTimestamp, oneOf, text, timestamp } from '../fields';

// Local only, never synced: what sync could not do silently.
// - kind 'conflict': a value that lost a merge (one entry per field), so no edit is silently
//   lost; restoreConflict (src/db/commands.ts) writes it back as a new local edit.
// - kind 'failure': a document the server refused (RLS, a check, a locked estimate), id
//   `failure:${collection}:${doc_id}`. The local document stays as it is, shown as failed;
//   the next accepted push of it removes the entry.
// One collection for both because RxDB's open-source core allows 13 open collections.
export const syncIssues = defineCollection({
  name: 'sync_issues',
  replicated: false,
  primaryKeyMaxLength: 200,
  fields: {
    id: text(200),
    kind: oneOf(['conflict', 'failure'], 'conflict'),
    collection_name: text(40),
    doc_id: text(36),
    /** Conflicts: the field, and JSON of the losing local value, the winning server value and their base. */
    field: text(),
    local_value: text(),
    server_value: text(),
    base_value: text(),
    /** Conflicts: the merge rule that decided (sync/merge.ts). */
    rule: text(),
    /** Failures: the SQLSTATE, a stable reason key the UI maps to a message, the server's text, the refused document (JSON). */
    code: text(),
    reason: text(),
    message: text(),
    doc: text(),
    status: oneOf(['open', 'restored', 'dismissed'], 'open'),
    created_at: timestamp(),
    resolved_at: nullableTimestamp(),
  },
  indexes: [['kind', 'status', 'created_at'], ['collection_name', 'doc_id']],
});
export type SyncIssue = DocOf<typeof syncIssues.fields>;

export function failureId(collection: string, docId: string): string {
  return `failure:${collection}:${docId}`;
}
