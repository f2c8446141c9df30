// The customer's actions (accept, decline, ask for changes, comment): each with an
// idempotency key made here once per submit and sent again with the same key while the
// connection is down (src/lib/send-until-answered.ts), so the server applies it once. What
// the server refuses is turned into a message for the field it concerns, or for the form.
import { describeError } from '../../../lib/errors';
import { tooManyRequestsMessage } from '../../../lib/send-until-answered';
import { ServerCallError } from '../../../lib/server-api';

export function newActionKey(): string {
  return crypto.randomUUID();
}

/** A refusal as the page shows it: at a field of the form, or for the whole form. */
export type Refusal = { field?: string; message: string; reason?: string; reload?: boolean; closed?: boolean };

const FIELD_REASONS: Record<string, { field: string; message?: string }> = {
  name_required: { field: 'name' },
  name_too_long: { field: 'name', message: 'The name is too long (at most 200 characters)' },
  signature_required: { field: 'drawn' },
  invalid_signature: { field: 'drawn', message: 'The signature could not be read; clear it and sign again' },
  signature_too_large: { field: 'drawn', message: 'The signature is too detailed; clear it and sign again' },
  terms_not_agreed: { field: 'agreed' },
  reason_required: { field: 'reason' },
  reason_too_long: { field: 'reason', message: 'Keep it under 2,000 characters' },
  message_required: { field: 'message' },
  message_too_long: { field: 'message', message: 'Keep it under 2,000 characters' },
  comment_required: { field: 'body' },
  comment_too_long: { field: 'body', message: 'Keep it under 2,000 characters' },
};

/** The decision was taken or the estimate changed meanwhile: the page reloads the estimate. */
const STATE_REASONS = new Set(['estimate_accepted', 'estimate_declined', 'changes_already_requested', 'estimate_withdrawn', 'estimate_expired']);

export const UPDATED_MESSAGE = 'This estimate was updated — please review the new version';

export function refusalOf(error: unknown): Refusal {
  if (error instanceof ServerCallError) {
    const limited = tooManyRequestsMessage(error);
    if (limited) return { message: limited, reason: 'too_many_requests' };
    const reason = error.details;
    if (reason === 'estimate_updated') return { message: UPDATED_MESSAGE, reason, reload: true };
    if (reason && STATE_REASONS.has(reason)) return { message: `${error.message}.`.replace(/\.\.$/, '.'), reason, reload: true, closed: true };
    if (reason && FIELD_REASONS[reason]) return { field: FIELD_REASONS[reason].field, message: FIELD_REASONS[reason].message ?? error.message, reason };
  }
  return { message: describeError(error).userMessage };
}
