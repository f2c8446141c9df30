// An estimate's status as a badge, and its label, for every estimate screen.
import type { EstimateStatus } from '../../db/collections/estimates';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { ESTIMATE_STATUS } from '../../lib/estimate-status';

const STATUS: Record<EstimateStatus, { label: string; tone: BadgeTone }> = ESTIMATE_STATUS;

export function statusLabel(status: EstimateStatus): string {
  return STATUS[status].label;
}

/** `unconfirmed`: accepted on a device, the server has not confirmed it yet. */
export function StatusBadge({ status, unconfirmed = false }: { status: EstimateStatus; unconfirmed?: boolean }) {
  if (unconfirmed) {
    return (
      <Badge tone="warning" className="whitespace-nowrap">
        <span data-status={status} data-unconfirmed="true">
          Accepted on device
        </span>
      </Badge>
    );
  }
  return (
    <Badge tone={STATUS[status].tone} className="whitespace-nowrap">
      <span data-status={status}>{STATUS[status].label}</span>
    </Badge>
  );
}
