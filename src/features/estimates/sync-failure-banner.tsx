// A push the server refused stays on this device; the rep sees why and what to do about it.
import { AlertTriangle } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import type { Estimate } from '../../db/collections/estimates';
import type { EstimateItem } from '../../db/collections/estimate-items';
import type { Milestone } from '../../db/collections/milestones';
import { failureOf } from '../../db/sync-issues';
import { can, useLiveQuery, useWorkspace } from '../../db/react';
import { toastError } from '../../lib/toast-store';
import { duplicateEstimate } from './commands';

const REASONS: Record<string, string> = {
  estimate_locked: 'The estimate was accepted or declined on another device, so it cannot change any more.',
  illegal_status_transition: 'The status change is not allowed from the estimate’s current status.',
  acceptance_mismatch: 'The estimate changed after the customer signed, so the acceptance was not recorded. Review it with the customer and capture the signature again.',
  acceptance_evidence_required: 'An acceptance needs the customer’s typed name and drawn signature. Capture them in the tablet flow.',
  signature_too_large: 'The drawn signature is too large to store. Clear it and sign again.',
  invalid_email: 'The recipient’s e-mail address is not valid. Correct it and send again.',
};

export function reasonText(reason: string, message: string): string {
  return REASONS[reason] ?? (message || 'The server refused this change.');
}

export function SyncFailureBanner({ estimate, items, milestones }: { estimate: Estimate; items: readonly EstimateItem[]; milestones: readonly Milestone[] }) {
  const { db, role, userId } = useWorkspace();
  const navigate = useNavigate();
  const { result: failure } = useLiveQuery((d) => failureOf(d, 'estimates', estimate.id), [estimate.id]);
  if (!failure || failure.status !== 'open') return null;
  const dismiss = () => db.sync_issues.findOne(failure.id).exec().then((doc) => doc?.incrementalPatch({ status: 'dismissed', resolved_at: new Date().toISOString() }));
  return (
    <div role="alert" data-testid="sync-failure" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 print:hidden">
      <p className="flex items-start gap-2">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong className="font-semibold">This estimate’s changes were not saved on the server.</strong> {reasonText(failure.reason, failure.message)} Your changes are kept on this device.
        </span>
      </p>
      {can(role, 'editEstimates') && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() =>
              void duplicateEstimate(db, estimate, items, milestones, userId)
                .then((copy) => navigate(`/estimates/${copy.id}/edit`))
                .catch((e: unknown) => toastError(e))
            }
          >
            Revise as a new estimate
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void dismiss().catch((e: unknown) => toastError(e))}>
            Dismiss
          </Button>
        </div>
      )}
    </div>
  );
}
