// The request inbox's statuses in words, and the budget ranges of the request form.
import type { BadgeTone } from '../../../components/ui/badge';
import { ESTIMATE_REQUEST_STATUSES, type EstimateRequestStatus } from '../../../db/collections/estimate-requests';

export const REQUEST_STATUS: Record<EstimateRequestStatus, { label: string; tone: BadgeTone }> = {
  new: { label: 'New', tone: 'warning' },
  in_review: { label: 'In review', tone: 'brand' },
  converted: { label: 'Converted', tone: 'success' },
  dismissed: { label: 'Dismissed', tone: 'neutral' },
};

export const REQUEST_STATUSES: readonly EstimateRequestStatus[] = ESTIMATE_REQUEST_STATUSES;

// The form's keys (src/features/requests/schemas.ts); older requests carry the words themselves.
const BUDGETS: Record<string, string> = {
  under_5k: 'Under $5,000',
  '5k_15k': '$5,000 – $15,000',
  '15k_50k': '$15,000 – $50,000',
  '50k_150k': '$50,000 – $150,000',
  over_150k: 'Over $150,000',
  not_sure: 'Not sure yet',
};

export function budgetLabel(value: string): string {
  return BUDGETS[value] ?? value;
}

export const SOURCE_OF_REQUEST: Record<'request_form' | 'portal' | 'manual', string> = {
  request_form: 'Request form',
  portal: 'Portal',
  manual: 'Added by staff',
};
