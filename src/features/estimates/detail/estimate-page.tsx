import { Archive, Copy, Link2, Pencil, PencilLine, Printer, Send, Tablet } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import type { Estimate, EstimateStatus } from '../../../db/collections/estimates';
import { failureOf } from '../../../db/sync-issues';
import { teamOf } from '../../../db/queries';
import { versionsOfEstimate } from '../queries';
import { can, useLiveQuery, useWorkspace } from '../../../db/react';
import { formatMoney } from '../../../lib/money';
import { toast, toastError } from '../../../lib/toast-store';
import { CommentThread } from './comment-thread';
import { customerName, MarginText } from '../status-badge';
import { duplicateEstimate, REVISABLE, reviseDeclined, reviseEstimate, setStatus } from '../commands';
import { EstimateNumber } from '../editor/estimate-edit-page';
import { GanttChart } from '../gantt-chart';
import { useIssueEstimateLink } from '../estimate-link';
import { CopyLinkDialog, SendDialog, useOnline } from './send-dialog';
import { AcceptanceBadge, AcceptanceRecord } from '../streamlined/acceptance-record';
import { acceptanceState } from '../streamlined/acceptance';
import { estimateTotals, lineTotals, decimalText } from '../line-rules';
import { SyncFailureBanner } from '../sync-failure-banner';
import { TotalsPanel } from '../totals-panel';
import { useEstimate } from '../use-estimate';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const SENDABLE: readonly EstimateStatus[] = ['draft', 'changes_requested', 'expired'];
/** A customer link exists once the estimate went out (the server refuses a draft). */
const LINKABLE: readonly EstimateStatus[] = ['sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'expired'];
const ARCHIVABLE: readonly EstimateStatus[] = ['draft', 'sent', 'viewed', 'changes_requested', 'expired', 'accepted', 'declined'];

function history(estimate: Estimate): { label: string; at: string }[] {
  const steps: [string, string | null][] = [
    ['Created', estimate.created_at],
    ['Sent', estimate.sent_at],
    ['Viewed by the customer', estimate.viewed_at],
    ['Accepted', estimate.accepted_at],
    ['Declined', estimate.declined_at],
    ['Expired', estimate.expired_at],
    ['Archived', estimate.archived_at],
  ];
  return steps.filter((s): s is [string, string] => !!s[1]).map(([label, at]) => ({ label, at })).sort((a, b) => a.at.localeCompare(b.at));
}

export function EstimatePage() {
  const { id = '' } = useParams();
  const { db, role, userId, orgId } = useWorkspace();
  const navigate = useNavigate();
  const data = useEstimate(id);
  const versions = useLiveQuery((d) => versionsOfEstimate(d, id), [id]);
  const team = useLiveQuery((d) => teamOf(d, orgId), [orgId]);
  const failure = useLiveQuery((d) => failureOf(d, 'estimates', id), [id]);
  const [dialog, setDialog] = useState<'send' | 'link' | null>(null);
  const issueLink = useIssueEstimateLink();
  const online = useOnline();
  const { estimate, items, milestones } = data;

  if (data.loading && !estimate) return <PageSpinner label="Opening the estimate…" />;
  if (!estimate) {
    return (
      <EmptyState title="Estimate not found" action={<Link to="/estimates" className={buttonClasses('secondary')}>Back to estimates</Link>}>
        It may have been deleted, or it has not synced to this device yet.
      </EmptyState>
    );
  }
  const canEdit = can(role, 'editEstimates');
  const locked = ['accepted', 'declined', 'archived'].includes(estimate.status);
  const totals = estimateTotals(items, estimate);
  const account = data.accounts.find((a) => a.id === estimate.account_id);
  const prospect = data.prospects.find((p) => p.id === estimate.prospect_id);
  const customer = estimate.customer_name || customerName(account ?? prospect);
  const acceptance = acceptanceState(estimate, failure.result);
  const owner = (team.result ?? []).find((p) => p.user_id === estimate.owner_id);
  const act = (status: EstimateStatus, message: string) =>
    void setStatus(db, estimate.id, status)
      .then(() => toast({ tone: 'success', title: message, description: navigator.onLine ? undefined : 'Saved on this device; it goes out when you are back online.' }))
      .catch((e: unknown) => toastError(e));
  const revise = () => {
    const revision = estimate.status === 'declined' ? reviseDeclined(db, estimate, items, milestones, userId) : reviseEstimate(db, estimate);
    void revision
      .then((draft) => {
        toast({ tone: 'success', title: draft.id === estimate.id ? 'Back to draft for your changes' : 'A new draft revises the declined estimate' });
        navigate(`/estimates/${draft.id}/edit`);
      })
      .catch((e: unknown) => toastError(e));
  };

  return (
    <article className="flex flex-col gap-6 print:gap-4">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <EstimateNumber estimate={estimate} />
            <AcceptanceBadge estimate={estimate} failure={failure.result} />
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{estimate.title || 'Untitled estimate'}</h1>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div>
              <dt className="inline text-slate-500">Customer: </dt>
              <dd className="inline text-slate-800">{customer || 'None yet'}</dd>
            </div>
            <div className="print:hidden">
              <dt className="inline text-slate-500">Owner: </dt>
              <dd className="inline text-slate-800">{owner ? `${owner.first_name} ${owner.last_name}`.trim() || owner.email : '—'}</dd>
            </div>
            {estimate.sent_to_email && (
              <div className="print:hidden">
                <dt className="inline text-slate-500">Sent to: </dt>
                <dd className="inline text-slate-800">{estimate.sent_to_email}</dd>
              </div>
            )}
            {estimate.valid_until && (
              <div>
                <dt className="inline text-slate-500">Valid until: </dt>
                <dd className="inline text-slate-800">{DAY.format(new Date(`${estimate.valid_until}T00:00:00Z`))}</dd>
              </div>
            )}
          </dl>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden" role="group" aria-label="Actions">
          {canEdit && estimate.status === 'draft' && (
            <Link to={`/estimates/${estimate.id}/edit`} className={buttonClasses('primary')}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Link>
          )}
          {canEdit && SENDABLE.includes(estimate.status) && (
            <Button variant="secondary" icon={<Send aria-hidden="true" className="size-4" />} onClick={() => setDialog('send')} disabled={items.length === 0} title={items.length === 0 ? 'Add a line first' : undefined}>
              Send
            </Button>
          )}
          {canEdit && (REVISABLE.includes(estimate.status) || estimate.status === 'declined') && (
            <Button
              variant={estimate.status === 'changes_requested' ? 'primary' : 'secondary'}
              icon={<PencilLine aria-hidden="true" className="size-4" />}
              onClick={revise}
              title={estimate.status === 'declined' ? 'Declined estimates are locked: the revision is a new draft' : 'Back to draft to change it, then send it again'}
            >
              Revise
            </Button>
          )}
          {canEdit && issueLink && LINKABLE.includes(estimate.status) && (
            <Button
              variant="secondary"
              icon={<Link2 aria-hidden="true" className="size-4" />}
              onClick={() => setDialog('link')}
              disabled={!online}
              title={online ? undefined : 'A customer link needs a connection'}
            >
              Copy customer link
            </Button>
          )}
          {canEdit && (
            <Button
              variant="secondary"
              icon={<Copy aria-hidden="true" className="size-4" />}
              onClick={() =>
                void duplicateEstimate(db, estimate, items, milestones, userId)
                  .then((copy) => navigate(`/estimates/${copy.id}/edit`))
                  .catch((e: unknown) => toastError(e))
              }
            >
              Duplicate
            </Button>
          )}
          {canEdit && !locked && (
            <Link to={`/estimates/${estimate.id}/streamlined`} className={buttonClasses('secondary')}>
              <Tablet aria-hidden="true" className="size-4" /> Tablet mode
            </Link>
          )}
          <Button variant="secondary" icon={<Printer aria-hidden="true" className="size-4" />} onClick={() => window.print()}>
            Print
          </Button>
          {canEdit && ARCHIVABLE.includes(estimate.status) && (
            <Button variant="ghost" icon={<Archive aria-hidden="true" className="size-4" />} onClick={() => act('archived', 'Estimate archived')}>
              Archive
            </Button>
          )}
        </div>
      </header>

      {/* A refused acceptance shows with its own way forward in the acceptance record below. */}
      {acceptance !== 'refused' && <SyncFailureBanner estimate={estimate} items={items} milestones={milestones} />}
      <AcceptanceRecord estimate={estimate} items={items} milestones={milestones} failure={failure.result} reviewPath={`/estimates/${estimate.id}/streamlined?step=review`} />

      <section aria-labelledby="lines-heading" className="flex flex-col gap-3">
        <h2 id="lines-heading" className="text-lg font-semibold text-slate-900">
          Line items
        </h2>
        {items.length === 0 ? (
          <p className="text-sm text-slate-500">No lines yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm print:border-0 print:shadow-none">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50">
                <tr className="text-left text-slate-700">
                  <th scope="col" className="px-4 py-3 font-semibold">Item</th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold">Qty</th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold">Unit price</th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold">Disc.</th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold">Amount</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold print:hidden">Margin</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => {
                  const line = lineTotals(item);
                  return (
                    <tr key={item.id} data-testid="detail-line">
                      <td className="px-4 py-3">
                        <span className="font-medium text-slate-900">{item.name}</span>
                        {item.optional && <span className="ml-2 text-xs text-slate-500">{item.selected ? '(optional, included)' : '(optional, not included)'}</span>}
                        {item.description && <span className="block text-xs text-slate-500">{item.description}</span>}
                      </td>
                      <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                        {decimalText(item.quantity)} {item.unit}
                      </td>
                      <td className="px-3 py-3 text-right tabular-nums">{formatMoney(item.unit_price_cents)}</td>
                      <td className="px-3 py-3 text-right tabular-nums">{item.discount_percent ? `${decimalText(item.discount_percent)}%` : '—'}</td>
                      <td className="px-3 py-3 text-right font-medium tabular-nums">{formatMoney(line.subtotal)}</td>
                      <td className="px-4 py-3 text-right print:hidden">
                        <MarginText marginCents={line.marginCents} marginPercent={line.marginPercent} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <TotalsPanel totals={totals} className="ml-auto w-full max-w-sm" />
      </section>

      <section aria-labelledby="timeline-heading" className="flex flex-col gap-3 print:break-inside-avoid">
        <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
          Timeline
        </h2>
        <GanttChart milestones={milestones} />
      </section>

      {(estimate.notes || estimate.terms) && (
        <section className="grid gap-4 text-sm sm:grid-cols-2">
          {estimate.notes && (
            <div>
              <h2 className="font-semibold text-slate-900">Notes</h2>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{estimate.notes}</p>
            </div>
          )}
          {estimate.terms && (
            <div>
              <h2 className="font-semibold text-slate-900">Terms</h2>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{estimate.terms}</p>
            </div>
          )}
        </section>
      )}

      <div className="grid gap-6 md:grid-cols-2 print:hidden">
        <section aria-labelledby="history-heading">
          <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
            Status history
          </h2>
          <ol className="mt-2 flex flex-col gap-1 text-sm">
            {history(estimate).map((h) => (
              <li key={h.label} className="flex justify-between gap-4">
                <span className="text-slate-700">{h.label}</span>
                <span className="text-slate-500">{WHEN.format(new Date(h.at))}</span>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="versions-heading">
          <h2 id="versions-heading" className="text-lg font-semibold text-slate-900">
            Versions
          </h2>
          {(versions.result ?? []).length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">No versions yet: sending the estimate saves one.</p>
          ) : (
            <ol className="mt-2 flex flex-col gap-1 text-sm">
              {(versions.result ?? []).map((v) => (
                <li key={v.id} data-testid="version" className="flex justify-between gap-4">
                  <span className="text-slate-700">
                    Version {v.version_number}
                    {v.id === estimate.accepted_version_id && ' · accepted'}
                  </span>
                  <span className="font-mono text-xs text-slate-500" title={v.snapshot_sha256}>
                    {WHEN.format(new Date(v.created_at))} · {v.snapshot_sha256.slice(0, 10)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <CommentThread estimate={estimate} />

      <SendDialog open={dialog === 'send'} onClose={() => setDialog(null)} estimate={estimate} suggestedEmail={account?.email || prospect?.email || ''} />
      {issueLink && <CopyLinkDialog open={dialog === 'link'} onClose={() => setDialog(null)} estimate={estimate} issue={issueLink} />}
    </article>
  );
}
