// The prospects pipeline: its stages (the board's columns) with their wording, which moves
// ask for a reason, the status history as the server keeps it, and the figures the board
// and the table show (counts per stage, the table's filters and sort), as pure functions.
import { PROSPECT_SOURCES, PROSPECT_STATUSES, type Prospect, type ProspectSource, type ProspectStatus } from '../../db/collections/prospects';
import type { BadgeTone } from '../../components/ui/badge';
import { matchesWords } from '../../lib/text-search';

export const STAGES: readonly ProspectStatus[] = PROSPECT_STATUSES;

export const STAGE: Record<ProspectStatus, { label: string; tone: BadgeTone; hint: string }> = {
  new: { label: 'New', tone: 'neutral', hint: 'Not contacted yet' },
  contacted: { label: 'Contacted', tone: 'brand', hint: 'In conversation' },
  qualified: { label: 'Qualified', tone: 'brand', hint: 'A real need and budget' },
  proposal: { label: 'Proposal', tone: 'warning', hint: 'An estimate is out' },
  won: { label: 'Won', tone: 'success', hint: 'Became a customer' },
  lost: { label: 'Lost', tone: 'danger', hint: 'Not going ahead' },
};

export const SOURCE_LABEL: Record<ProspectSource, string> = {
  manual: 'Added by staff',
  request_form: 'Request form',
  portal: 'Portal',
  import: 'CSV import',
};

export const SOURCES: readonly ProspectSource[] = PROSPECT_SOURCES;

/** Won and lost close a prospect: the move asks why (the server refuses it without a reason). */
export function needsReason(status: ProspectStatus): boolean {
  return status === 'won' || status === 'lost';
}

/**
 * The values a move writes: the stage, the reason only where it belongs, the moment, and an
 * entry appended to the history (marked local until the server has it).
 */
export function movePatch(
  current: Pick<Prospect, 'status' | 'status_history'>,
  to: ProspectStatus,
  reason: string,
  by: string,
  now: Date = new Date(),
): Pick<Prospect, 'status' | 'status_reason' | 'status_changed_at' | 'status_history'> {
  const status_reason = needsReason(to) ? reason.trim() : '';
  const at = now.toISOString();
  return { status: to, status_reason, status_changed_at: at, status_history: appendHistory(current.status_history, { status: to, from: current.status, at, by, reason: status_reason }) };
}

/** A new prospect's history: its first stage. */
export function firstHistory(status: ProspectStatus, reason: string, by: string, now: Date = new Date()): string {
  return appendHistory('[]', { status, from: null, at: now.toISOString(), by, reason: needsReason(status) ? reason.trim() : '' });
}

function appendHistory(history: string, entry: Omit<HistoryEntry, 'pending'>): string {
  let entries: unknown[];
  try {
    const parsed: unknown = JSON.parse(history || '[]');
    entries = Array.isArray(parsed) ? parsed : [];
  } catch {
    entries = [];
  }
  return JSON.stringify([...entries, { ...entry, local: true }]);
}

export function personName(p: Pick<Prospect, 'first_name' | 'last_name' | 'email' | 'company'>): string {
  return `${p.first_name} ${p.last_name}`.trim() || p.email || p.company || 'Unnamed prospect';
}

export type HistoryEntry = { status: ProspectStatus; from: ProspectStatus | null; at: string; by: string | null; reason: string; pending: boolean };

const isStatus = (value: unknown): value is ProspectStatus => typeof value === 'string' && (PROSPECT_STATUSES as readonly string[]).includes(value);

/**
 * The history, oldest first: the server's entries and the device's own (`pending` until the
 * server has them, so an offline move shows at once). Entries that do not parse are skipped;
 * a stage the history does not end with (a document from before histories) is added.
 */
export function statusHistory(p: Pick<Prospect, 'status_history' | 'status' | 'status_reason' | 'status_changed_at' | 'created_at'>): HistoryEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(p.status_history || '[]');
  } catch {
    raw = [];
  }
  const entries = (Array.isArray(raw) ? raw : [])
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && isStatus((e as Record<string, unknown>).status))
    .map((e) => ({
      status: e.status as ProspectStatus,
      from: isStatus(e.from) ? e.from : null,
      at: typeof e.at === 'string' ? e.at : '',
      by: typeof e.by === 'string' ? e.by : null,
      reason: typeof e.reason === 'string' ? e.reason : '',
      pending: e.local === true,
    }));
  const last = entries.at(-1);
  if (!last || last.status !== p.status) {
    entries.push({ status: p.status, from: last?.status ?? null, at: p.status_changed_at ?? p.created_at, by: null, reason: p.status_reason, pending: last !== undefined });
  }
  return entries;
}

// ---------------------------------------------------------------------------------------
// The table: filters, search and sort over the prospects in memory.

export type TableSort = 'name' | 'company' | 'status' | 'updated';
export type TableFilter = {
  search: string;
  status: ProspectStatus | '';
  source: ProspectSource | '';
  /** A member's user id, 'none' for prospects without an owner, '' for everyone. */
  ownerId: string;
  archived: boolean;
  sort: TableSort;
  direction: 'asc' | 'desc';
};

export const DEFAULT_TABLE_FILTER: TableFilter = { search: '', status: '', source: '', ownerId: '', archived: false, sort: 'updated', direction: 'desc' };

export type TableRow = Pick<
  Prospect,
  'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'status' | 'source' | 'owner_id' | 'updated_at' | 'archived' | 'search' | 'account_id'
>;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: TableRow, b: TableRow, sort: TableSort): number {
  switch (sort) {
    case 'name':
      return collator.compare(personName(a), personName(b));
    case 'company':
      return collator.compare(a.company, b.company);
    case 'status':
      return STAGES.indexOf(a.status) - STAGES.indexOf(b.status);
    case 'updated':
      return a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0;
  }
}

/**
 * `matches` is the word index's answer for the search (ids), or null to apply the same rule to
 * each row's `search` column (while the index is being built).
 */
export function filterProspects<R extends TableRow>(rows: readonly R[], filter: TableFilter, matches: ReadonlySet<string> | null = null): R[] {
  const searching = filter.search.trim() !== '';
  const shown = rows.filter((row) => {
    if (row.archived !== filter.archived) return false;
    if (filter.status && row.status !== filter.status) return false;
    if (filter.source && row.source !== filter.source) return false;
    if (filter.ownerId === 'none' ? row.owner_id !== null : filter.ownerId && row.owner_id !== filter.ownerId) return false;
    if (!searching) return true;
    return matches ? matches.has(row.id) : matchesWords(row.search, filter.search);
  });
  const sign = filter.direction === 'asc' ? 1 : -1;
  return shown.sort((a, b) => sign * compare(a, b, filter.sort) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Prospects per stage, as the board's column headers and the pipeline summary count them. */
export function countByStage(rows: readonly Pick<Prospect, 'status' | 'archived'>[]): Record<ProspectStatus, number> {
  const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<ProspectStatus, number>;
  for (const row of rows) if (!row.archived) counts[row.status]++;
  return counts;
}
