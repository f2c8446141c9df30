// A prospect's stages over time, newest first: the server's history, and a move made on this
// device that has not synced yet.
import { Badge } from '../../../components/ui/badge';
import type { Prospect } from '../../../db/collections/prospects';
import { STAGE, statusHistory } from '../pipeline';

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function StatusHistory({ prospect, names }: { prospect: Prospect; names: ReadonlyMap<string, string> }) {
  const entries = statusHistory(prospect).reverse();
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="history-heading" className="text-base font-semibold text-slate-900">
        Stage history
      </h2>
      <ol className="mt-3 flex flex-col gap-3" data-testid="status-history">
        {entries.map((e, i) => (
          <li key={`${e.at}-${i}`} className="flex gap-3 text-sm">
            <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" />
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 text-slate-800">
                <Badge tone={STAGE[e.status].tone}>{STAGE[e.status].label}</Badge>
                {e.from ? <span className="text-slate-600">from {STAGE[e.from].label}</span> : <span className="text-slate-600">first stage</span>}
                {e.pending && <span className="text-xs font-medium text-amber-800">on this device, not synced yet</span>}
              </p>
              <p className="mt-0.5 text-xs text-slate-600">
                {e.at ? WHEN.format(new Date(e.at)) : 'Date unknown'}
                {e.by && names.get(e.by) ? ` · ${names.get(e.by)}` : ''}
              </p>
              {e.reason && <p className="mt-1 text-slate-700">“{e.reason}”</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
