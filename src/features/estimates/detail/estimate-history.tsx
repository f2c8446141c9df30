// When the estimate went through each step, and the versions sending saved (each with the
// fingerprint of what the customer saw).
import type { EstimateVersion } from '../../../db/collections/estimate-versions';
import type { Estimate } from '../../../db/collections/estimates';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function statusHistory(estimate: Estimate): { label: string; at: string }[] {
  const steps: [string, string | null][] = [
    ['Created', estimate.created_at],
    ['Sent', estimate.sent_at],
    ['Viewed by the customer', estimate.viewed_at],
    ['Accepted', estimate.accepted_at],
    ['Declined', estimate.declined_at],
    ['Expired', estimate.expired_at],
    ['Archived', estimate.archived_at],
  ];
  return steps
    .filter((s): s is [string, string] => !!s[1])
    .map(([label, at]) => ({ label, at }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

function StatusHistory({ estimate }: { estimate: Estimate }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        Status history
      </h2>
      <ol className="mt-2 flex flex-col gap-1 text-sm">
        {statusHistory(estimate).map((h) => (
          <li key={h.label} className="flex justify-between gap-4">
            <span className="text-slate-700">{h.label}</span>
            <span className="text-slate-600">{WHEN.format(new Date(h.at))}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Versions({ estimate, versions }: { estimate: Estimate; versions: EstimateVersion[] }) {
  return (
    <section aria-labelledby="versions-heading">
      <h2 id="versions-heading" className="text-lg font-semibold text-slate-900">
        Versions
      </h2>
      {versions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No versions yet: sending the estimate saves one.</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-1 text-sm">
          {versions.map((v) => (
            <li key={v.id} data-testid="version" className="flex justify-between gap-4">
              <span className="text-slate-700">
                Version {v.version_number}
                {v.id === estimate.accepted_version_id && ' · accepted'}
              </span>
              <span className="font-mono text-xs text-slate-600" title={v.snapshot_sha256}>
                {WHEN.format(new Date(v.created_at))} · {v.snapshot_sha256.slice(0, 10)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function EstimateHistory({ estimate, versions }: { estimate: Estimate; versions: EstimateVersion[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 print:hidden">
      <StatusHistory estimate={estimate} />
      <Versions estimate={estimate} versions={versions} />
    </div>
  );
}

export function NotesAndTerms({ estimate }: { estimate: Pick<Estimate, 'notes' | 'terms'> }) {
  if (!estimate.notes && !estimate.terms) return null;
  const block = (title: string, text: string) => (
    <div>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 whitespace-pre-wrap text-slate-700">{text}</p>
    </div>
  );
  return (
    <section className="grid gap-4 text-sm sm:grid-cols-2">
      {estimate.notes && block('Notes', estimate.notes)}
      {estimate.terms && block('Terms', estimate.terms)}
    </section>
  );
}
