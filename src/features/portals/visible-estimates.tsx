// Which estimates the portal shows: every sent estimate of its account or prospect (and those
// sent later), or a chosen set of them.
import { useWorkspace } from '../../db/react';
import { formatMoney } from '../../lib/money';
import type { PortalForm } from './portal-form';
import { useCustomerEstimates } from './queries';

export function VisibleEstimates({ form }: { form: PortalForm }) {
  const { orgId } = useWorkspace();
  const [kind, customerId, showAll, chosen] = form.watch(['kind', 'customerId', 'showAll', 'visibleEstimateIds']);
  const estimates = useCustomerEstimates(orgId, kind, customerId).result ?? [];
  const error = form.formState.errors.visibleEstimateIds?.message;
  const toggle = (id: string, on: boolean) =>
    form.setValue('visibleEstimateIds', on ? [...chosen, id] : chosen.filter((c) => c !== id), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">Visible estimates</legend>
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <input type="radio" checked={showAll} onChange={() => form.setValue('showAll', true, { shouldDirty: true })} className="size-4 accent-brand-700" />
        All sent estimates of this customer, also those sent later
      </label>
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <input type="radio" checked={!showAll} onChange={() => form.setValue('showAll', false, { shouldDirty: true })} className="size-4 accent-brand-700" />
        Only the estimates chosen here
      </label>
      {!showAll && (
        <div className="ml-7 flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          {estimates.length === 0 && <p className="text-sm text-slate-600">{customerId ? 'This customer has no sent estimates yet.' : 'Choose the customer first.'}</p>}
          {estimates.map((e) => (
            <label key={e.id} className="flex items-center gap-3 text-sm text-slate-800">
              <input type="checkbox" checked={chosen.includes(e.id)} onChange={(event) => toggle(e.id, event.target.checked)} className="size-4 accent-brand-700" />
              <span className="flex-1">
                {e.number} · {e.title || 'Untitled'}
              </span>
              <span className="text-slate-600 tabular-nums">{formatMoney(e.total_cents)}</span>
            </label>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
