// The customer's acceptance captured on a device: who signed, when, the signature, and whether
// the server has confirmed it yet, or refused it (with what to do next).
import { AlertTriangle, CheckCircle2, CloudOff } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { Estimate } from '../../../db/collections/estimates';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import type { Milestone } from '../../../db/collections/milestones';
import type { SyncIssue } from '../../../db/collections/sync-issues';
import { can, useWorkspace } from '../../../db/react';
import { toastError } from '../../../lib/toast-store';
import { duplicateEstimate, withdrawAcceptance } from '../commands';
import { StatusBadge } from '../status-badge';
import { reasonText } from '../sync-failure-banner';
import { ACCEPTANCE_REASONS, acceptanceState } from './acceptance';
import { isSignatureImage } from '../../../lib/signature';

/** The status badge, except that an acceptance the server has not confirmed does not pass for "Accepted". */
export function AcceptanceBadge({ estimate, failure }: { estimate: Pick<Estimate, 'status' | 'accepted_version_id'>; failure: SyncIssue | null | undefined }) {
  const state = acceptanceState(estimate, failure);
  if (state === 'pending') return <Badge tone="warning" className="whitespace-nowrap"><span data-status="accepted-pending">Accepted on this device</span></Badge>;
  if (state === 'refused') return <Badge tone="danger" className="whitespace-nowrap"><span data-status="acceptance-refused">Acceptance refused</span></Badge>;
  return <StatusBadge status={estimate.status} />;
}

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function AcceptanceRecord({
  estimate,
  items,
  milestones,
  failure,
  reviewPath,
}: {
  estimate: Estimate;
  items: readonly EstimateItem[];
  milestones: readonly Milestone[];
  failure: SyncIssue | null | undefined;
  /** Where "Review again" leads: the tablet flow's Review step. */
  reviewPath: string;
}) {
  const { db, role, userId } = useWorkspace();
  const navigate = useNavigate();
  const state = acceptanceState(estimate, failure);
  if (state === 'none') return null;
  const canEdit = can(role, 'editEstimates');
  const locked = failure?.reason === 'estimate_locked';

  return (
    <section data-testid="acceptance" data-state={state} aria-labelledby="acceptance-heading" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      {state === 'pending' && (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-amber-900">
          <CloudOff aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          <div>
            <h2 id="acceptance-heading" className="text-lg font-semibold">
              Accepted on this device
            </h2>
            <p className="text-base">It will be confirmed when the tablet is back online.</p>
          </div>
        </div>
      )}
      {state === 'confirmed' && (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          <div>
            <h2 id="acceptance-heading" className="text-lg font-semibold">
              Accepted
            </h2>
            <p className="text-base">The server confirmed the customer’s acceptance of this version.</p>
          </div>
        </div>
      )}
      {state === 'refused' && failure && (
        <div role="alert" className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 text-red-900">
          <div className="flex items-start gap-3">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            <div>
              <h2 id="acceptance-heading" className="text-lg font-semibold">
                The customer’s acceptance could not be recorded
              </h2>
              <p className="text-base">{ACCEPTANCE_REASONS[failure.reason] ?? reasonText(failure.reason, failure.message)}</p>
            </div>
          </div>
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              {!locked && (
                <Button
                  size="lg"
                  onClick={() =>
                    void withdrawAcceptance(db, estimate.id, failure.id)
                      .then(() => navigate(reviewPath))
                      .catch((e: unknown) => toastError(e))
                  }
                >
                  Review again and sign
                </Button>
              )}
              <Button
                size="lg"
                variant={locked ? 'primary' : 'secondary'}
                onClick={() =>
                  void duplicateEstimate(db, estimate, items, milestones, userId)
                    .then((copy) => navigate(`/estimates/${copy.id}/streamlined`))
                    .catch((e: unknown) => toastError(e))
                }
              >
                Revise as a new estimate
              </Button>
            </div>
          )}
        </div>
      )}

      {estimate.accepted_by_name && (
      <dl className="grid gap-x-6 gap-y-3 text-base sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Accepted by</dt>
        <dd data-testid="accepted-by" className="font-medium text-slate-900">
          {estimate.accepted_by_name || '—'}
        </dd>
        <dt className="text-slate-600">Signed</dt>
        <dd className="text-slate-900">{estimate.accepted_at ? WHEN.format(new Date(estimate.accepted_at)) : '—'}</dd>
        {estimate.acceptance_signature && (
          <>
            <dt className="text-slate-600">Signature</dt>
            <dd>
              {isSignatureImage(estimate.acceptance_signature) ? (
                <img src={estimate.acceptance_signature} alt={`Signature of ${estimate.accepted_by_name}`} className="h-24 max-w-full rounded-lg bg-white object-contain object-left ring-1 ring-slate-200" />
              ) : (
                <span className="text-slate-600">Captured ({estimate.acceptance_signature.length} characters)</span>
              )}
              {estimate.acceptance_signature_method === 'typed' && <p className="mt-1 text-sm text-slate-600">Signed by typing the full name</p>}
            </dd>
          </>
        )}
        {estimate.acceptance_sha256 && (
          <>
            <dt className="text-slate-600">Fingerprint</dt>
            <dd className="font-mono text-sm break-all text-slate-600" title="SHA-256 of what the customer reviewed">
              {estimate.acceptance_sha256.slice(0, 16)}…
            </dd>
          </>
        )}
      </dl>
      )}
    </section>
  );
}
