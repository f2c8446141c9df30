import { Badge } from '../../components/ui/badge';
import type { Estimate } from '../../db/collections/estimates';
import { isProvisionalNumber } from '../../db/new-estimate';

/** The estimate's number, marked provisional until the server has given the final one. */
export function EstimateNumber({ estimate }: { estimate: Pick<Estimate, 'number'> }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span data-testid="estimate-number" className="font-mono">
        {estimate.number}
      </span>
      {isProvisionalNumber(estimate.number) && <Badge tone="warning">Provisional until synced</Badge>}
    </span>
  );
}
