// What the Sign step checks before the customer's acceptance is written, and what state an
// acceptance captured on this device is in.
import { z } from 'zod';
import type { Estimate } from '../../../db/collections/estimates';
import type { SyncIssue } from '../../../db/collections/sync-issues';
import { MAX_SIGNATURE_CHARS } from '../../../lib/signature';

export type AcceptanceForm = { name: string; signature: string };
export type AcceptanceErrors = Partial<Record<keyof AcceptanceForm, string>>;

const acceptanceSchema = z.object({
  name: z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .refine((s) => s !== '', 'Enter the full name of the person accepting')
    .refine((s) => s.length <= 200, 'The name is too long (at most 200 characters)'),
  signature: z
    .string()
    .refine((s) => s !== '', 'Draw the signature in the box')
    .refine((s) => s.length <= MAX_SIGNATURE_CHARS, 'The signature is too detailed; clear it and sign again'),
});

export function checkAcceptance(form: AcceptanceForm): { ok: true; value: AcceptanceForm } | { ok: false; errors: AcceptanceErrors } {
  const result = acceptanceSchema.safeParse(form);
  if (result.success) return { ok: true, value: result.data };
  const errors: AcceptanceErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof AcceptanceForm;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * none: not accepted. pending: accepted on this device, the server has not confirmed it yet.
 * confirmed: the server accepted it (it points the estimate at the accepted version).
 * refused: the server turned the change down (see the failure's reason).
 */
export type AcceptanceState = 'none' | 'pending' | 'confirmed' | 'refused';

export function acceptanceState(estimate: Pick<Estimate, 'status' | 'accepted_version_id'>, failure: Pick<SyncIssue, 'status' | 'reason'> | null | undefined): AcceptanceState {
  const open = failure?.status === 'open';
  // After a refusal the server's copy (not accepted) may already have replaced the local one;
  // the refusal still stands until the rep deals with it.
  if (open && (estimate.status === 'accepted' || failure.reason === 'acceptance_mismatch')) return 'refused';
  if (estimate.status !== 'accepted') return 'none';
  return estimate.accepted_version_id ? 'confirmed' : 'pending';
}

export const ACCEPTANCE_REASONS: Record<string, string> = {
  acceptance_mismatch: 'The estimate changed after the customer signed (on this or another device), so the signature does not match what the server has. Review it with the customer again and capture a new signature.',
  estimate_locked: 'The estimate was already accepted or declined on another device, so this acceptance cannot be recorded. Revise it as a new estimate if the customer wants changes.',
};
