// Who sees cost and margin in analytics. Owners, admins and sales staff price the work and see
// margins on every estimate screen; a viewer (read-only: an assistant, a bookkeeper, a partner)
// gets the pipeline, win rates, timings and revenue, but no cost or margin figure: not on
// screen, not in a CSV export, and not even in the worker's answer to the page
// (summarize.ts leaves them out). This is a presentation rule: row level security lets every
// member read items with their cost, so it is not a security boundary.
import type { Role } from '../../db/react';

export function seesCostAndMargin(role: Role): boolean {
  return role === 'owner' || role === 'admin' || role === 'sales';
}
