// Everything an estimate screen shows, as live queries on the device database.
import { estimateById, itemsOfEstimate, milestonesOfEstimate } from './queries';
import { listAccounts, listProspects } from '../../db/queries';
import { useLiveQuery, useWorkspace } from '../../db/react';

export function useEstimate(id: string) {
  const { orgId } = useWorkspace();
  const estimate = useLiveQuery((db) => estimateById(db, id), [id]);
  const items = useLiveQuery((db) => itemsOfEstimate(db, id), [id]);
  const milestones = useLiveQuery((db) => milestonesOfEstimate(db, id), [id]);
  const accounts = useLiveQuery((db) => listAccounts(db, { orgId }), [orgId]);
  const prospects = useLiveQuery((db) => listProspects(db, { orgId }), [orgId]);
  return {
    loading: estimate.loading || items.loading || milestones.loading,
    estimate: estimate.result,
    items: items.result ?? [],
    milestones: milestones.result ?? [],
    accounts: accounts.result ?? [],
    prospects: prospects.result ?? [],
  };
}
