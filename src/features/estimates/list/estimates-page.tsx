// The estimates list: search, filters and sort over every estimate of the organization on
// this device, virtualized; new estimates start here (in the editor or in tablet mode).
import { FileText, Plus, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { can, useWorkspace } from '../../../db/react';
import { toastError } from '../../../lib/toast-store';
import { createDraft } from '../commands';
import { DEFAULT_FILTER, type ListFilter } from './estimate-list';
import { EstimateRows } from './estimate-rows';
import { ListFilters } from './list-filters';
import { useEstimateList } from './use-estimate-list';
import { PageHeader } from '../../../components/ui/page-header';

function NewEstimateButtons() {
  const { db, orgId, userId } = useWorkspace();
  const navigate = useNavigate();
  const create = async (screen: 'edit' | 'streamlined') => {
    try {
      const estimate = await createDraft(db, orgId, userId);
      navigate(`/estimates/${estimate.id}/${screen}`);
    } catch (e) {
      toastError(e);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" icon={<Tablet aria-hidden="true" className="size-4" />} onClick={() => void create('streamlined')}>
        New in tablet mode
      </Button>
      <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => void create('edit')}>
        New estimate
      </Button>
    </div>
  );
}

function countText(list: ReturnType<typeof useEstimateList>): string {
  if (!list.all) return list.defaultView ? `${list.total} estimates` : 'Loading all estimates…';
  return list.total === list.rows.length ? `${list.total} estimates` : `${list.rows.length} of ${list.total} estimates`;
}

export function EstimatesPage() {
  const { role } = useWorkspace();
  const [filter, setFilter] = useState<ListFilter>(DEFAULT_FILTER);
  const list = useEstimateList(filter);
  const canEdit = can(role, 'editEstimates');

  if (list.loading) return <PageSpinner label="Loading estimates…" />;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Estimates" description={countText(list)} actions={canEdit && <NewEstimateButtons />} />
      {list.total === 0 ? (
        <EmptyState icon={<FileText />} title="No estimates yet" action={canEdit ? <NewEstimateButtons /> : undefined}>
          {canEdit ? 'Create the first one: it is saved on this device and synced when you are online.' : 'Estimates your team creates will show up here.'}
        </EmptyState>
      ) : (
        <>
          <ListFilters filter={filter} onChange={(patch) => setFilter((f) => ({ ...f, ...patch }))} owners={list.owners} />
          <EstimateRows
            rows={list.rows}
            names={list}
            loadingAll={!list.all && !list.defaultView}
            busy={!list.all}
            rowCount={list.all ? list.rows.length : list.defaultView ? list.total : -1}
          />
        </>
      )}
    </div>
  );
}
