// What a refusal of the server means, by the reason key sync_push answers with
// (private.sync_reason and the PT4xx details of the schema).
const REASONS: Record<string, string> = {
  forbidden: 'Your role does not allow this change.',
  invalid_value: 'A value breaks one of the server’s rules.',
  value_too_long: 'A value is longer than the server allows.',
  duplicate: 'Something with the same key already exists on the server.',
  missing_reference: 'It refers to something the server does not have.',
  missing_value: 'A required value is missing.',
  illegal_status_transition: 'The estimate cannot move to that status from where it is.',
  estimate_locked: 'The estimate is accepted or declined, so it is locked.',
  last_owner: 'The organization needs an active owner.',
  use_transfer_ownership: 'Owners are made by transferring ownership.',
  answer_lost: 'The server’s answer to it was lost, and the server does not have it; send it again.',
  rejected: 'The server refused the change.',
};

export function reasonText(reason: string): string {
  return REASONS[reason] ?? REASONS.rejected!;
}

/** A name for a document in a list: its title, name, number or id. */
export function documentLabel(json: string, fallback: string): string {
  try {
    const doc = JSON.parse(json) as Record<string, unknown>;
    for (const key of ['title', 'name', 'number', 'email']) {
      const value = doc[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    const person = [doc.first_name, doc.last_name].filter((v) => typeof v === 'string' && v).join(' ');
    if (person) return person;
  } catch {
    // Not JSON: the id will do.
  }
  return fallback;
}
