import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { bool, nullableUuid, oneOf, text, uuid } from '../fields';

export const comments = defineCollection({
  name: 'comments',
  fields: {
    ...replicatedColumns(),
    estimate_id: nullableUuid(),
    portal_id: nullableUuid(),
    author_kind: oneOf(['staff', 'customer'], 'staff'),
    author_user_id: nullableUuid(),
    author_prospect_id: nullableUuid(),
    author_name: text(),
    body: text(),
    internal: bool(false),
    // Local: the estimate or portal the comment belongs to, so one index serves both threads.
    thread_id: uuid(),
  },
  indexes: [['thread_id', 'created_at'], ['org_id', 'created_at']],
  // The server signs staff comments with the caller; customers comment through RPC.
  serverOwned: ['author_kind', 'author_user_id', 'author_prospect_id', 'author_name'],
  derive: (d) => ({ thread_id: d.estimate_id ?? d.portal_id ?? '' }),
});
export type Comment = DocOf<typeof comments.fields>;
