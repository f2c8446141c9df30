// Which documents of a collection hold local changes the server has not acknowledged, read
// from RxDB's own replication records: the upstream checkpoint and, per document, the state
// RxDB assumes the server has (what its upstream compares before pushing). A count of writes
// seen since startSync would be 0 after a reload with unpushed work, and short by whatever
// RxDB had not handed to the push handler yet.
//
// Only the tab that replicates can read them: its replication owns the meta storage. A second
// storage instance of that table in the same tab made RxDB's own meta writes go missing (seen
// in Chromium: a document pushed twice without its base), so other tabs ask the leader (see
// sync/pending-count.ts) instead of opening one.
import {
  getChangedDocumentsSince,
  getComposedPrimaryKeyOfDocumentData,
  type RxCollection,
  type RxDocumentData,
  type RxStorageInstance,
  type RxStorageReplicationMeta,
} from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { documentsEqual, type Doc } from './merge';
import type { Checkpoint } from './protocol';

type Meta = RxStorageReplicationMeta<Doc, unknown>;
type MetaInstance = RxStorageInstance<Meta, unknown, object, unknown>;

const PAGE = 500;

/** Ids of documents with local changes not yet acknowledged; null when this tab does not replicate. */
export async function unpushedIds(collection: RxCollection<Doc>, replication: RxReplicationState<Doc, Checkpoint>): Promise<string[] | null> {
  const meta = replication.metaInstance as unknown as MetaInstance | undefined;
  if (!meta || replication.isStopped()) return null;
  const checkpointKey = getComposedPrimaryKeyOfDocumentData(meta.schema, { isCheckpoint: '1', itemId: 'up' });
  const [checkpointDoc] = await meta.findDocumentsById([checkpointKey], false);
  let checkpoint: unknown = checkpointDoc?.checkpointData;
  const pending: string[] = [];
  for (;;) {
    const page = await getChangedDocumentsSince(collection.storageInstance, PAGE, checkpoint as never);
    if (page.documents.length === 0) break;
    checkpoint = page.checkpoint;
    const keys = page.documents.map((doc) => getComposedPrimaryKeyOfDocumentData(meta.schema, { itemId: String(doc.id), isCheckpoint: '0' }));
    const assumed = new Map((await meta.findDocumentsById(keys, true)).map((m) => [m.itemId, m]));
    for (const doc of page.documents as RxDocumentData<Doc>[]) {
      const known = assumed.get(String(doc.id));
      // RxDB's own test (upstream.ts): the server has this state unless the document is a
      // merge result still to be pushed (isResolvedConflict names its revision).
      const acknowledged = known && known.isResolvedConflict !== doc._rev && documentsEqual(known.docData as Doc, { ...doc, _deleted: doc._deleted });
      if (!acknowledged) pending.push(String(doc.id));
    }
    if (page.documents.length < PAGE) break;
  }
  return pending;
}
