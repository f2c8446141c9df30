import { defineCollection, replicatedColumns, type DocOf } from '../define';
import { integer, nullableUuid, text, uuid } from '../fields';

// Read-only on devices: the server snapshots a version when an estimate is sent.
export const estimateVersions = defineCollection({
  name: 'estimate_versions',
  fields: {
    ...replicatedColumns(),
    estimate_id: uuid(),
    version_number: integer(0),
    snapshot: text(),
    snapshot_sha256: text(),
    created_by: nullableUuid(),
  },
  indexes: [['estimate_id', 'version_number']],
  serverOwned: ['estimate_id', 'version_number', 'snapshot', 'snapshot_sha256', 'created_by'],
});
export type EstimateVersion = DocOf<typeof estimateVersions.fields>;
