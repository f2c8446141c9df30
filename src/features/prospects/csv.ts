// CSV import and export of prospects. The import checks every row before anything is written
// (the form's rules per field, a known stage, a known owner) and reports each problem by row
// and column; a row whose e-mail is already a prospect's (or an earlier row's) is a duplicate
// and is shown, never imported. A file over the row limit is refused as a whole.
import Papa from 'papaparse';
import { z } from 'zod';
import { emailKey, PROSPECT_STATUSES, type Prospect, type ProspectStatus } from '../../db/collections/prospects';
import { textField } from '../../lib/contact-fields';
import { needsReason, STAGE } from './pipeline';
import { NAME_REQUIRED, prospectFields } from './schemas';

export const CSV_COLUMNS = ['first_name', 'last_name', 'email', 'phone', 'company', 'status', 'status_reason', 'owner_email', 'notes'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly CsvColumn[] = ['first_name', 'last_name', 'email'];
/** Written by the export for people to read; an import of the same file passes over them. */
const EXPORT_ONLY = ['source', 'account', 'created'] as const;
export const MAX_IMPORT_ROWS = 10_000;
/** A won or lost row without a reason gets this one (the server needs a reason). */
export const IMPORTED_REASON = 'Imported from CSV';

const ALIASES: Record<string, CsvColumn> = {
  first: 'first_name',
  firstname: 'first_name',
  given_name: 'first_name',
  last: 'last_name',
  lastname: 'last_name',
  surname: 'last_name',
  family_name: 'last_name',
  e_mail: 'email',
  mail: 'email',
  email_address: 'email',
  phone_number: 'phone',
  telephone: 'phone',
  organization: 'company',
  organisation: 'company',
  stage: 'status',
  reason: 'status_reason',
  owner: 'owner_email',
};

type RowProblem = { row: number; field: string; message: string };
type ImportValues = Pick<Prospect, 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'status' | 'status_reason' | 'owner_id' | 'notes'>;
export type ImportRow = { row: number; values: ImportValues };
type Duplicate = { row: number; email: string; of: string };
export type ImportPlan = { rows: number; valid: ImportRow[]; duplicates: Duplicate[]; problems: RowProblem[]; invalidRows: number };

export type ImportContext = {
  /** Existing prospects by emailKey → their display name. */
  existing: ReadonlyMap<string, string>;
  /** Team members by lower-case e-mail → user id. */
  team: ReadonlyMap<string, string>;
  /** Owner of rows without an owner_email. */
  defaultOwner: string | null;
};

function headerKey(header: string): CsvColumn | string {
  const key = header.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return ALIASES[key] ?? key;
}

// Spreadsheets run cells that start with = + - @ as formulas; the export prefixes them with a
// quote (escapeFormulae), which the import takes off again.
function cell(text: string | undefined): string {
  const value = text ?? '';
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

const STATUS_WORDS = new Map<string, ProspectStatus>(PROSPECT_STATUSES.flatMap((s) => [[s, s], [STAGE[s].label.toLowerCase(), s]] as [string, ProspectStatus][]));

function parseStatus(text: string): ProspectStatus | null {
  const value = text.trim().toLowerCase();
  return value === '' ? 'new' : (STATUS_WORDS.get(value) ?? null);
}

const rowSchema = z.object({ ...prospectFields, status_reason: textField('Reason', 500) });

type HeaderCheck = { headers: string[]; problems: RowProblem[] };

function checkHeader(header: string[], row: number): HeaderCheck {
  const headers = header.map(headerKey);
  const known = new Set<string>([...CSV_COLUMNS, ...EXPORT_ONLY]);
  const problems: RowProblem[] = [];
  for (const column of REQUIRED_COLUMNS.filter((c) => !headers.includes(c))) problems.push({ row, field: column, message: `The header has no ${column} column` });
  headers.forEach((h, i) => {
    if (h !== '' && !known.has(h)) problems.push({ row, field: header[i]!.trim(), message: `Unknown column (expected ${CSV_COLUMNS.join(', ')})` });
    else if (h !== '' && headers.indexOf(h) !== i) problems.push({ row, field: h, message: 'This column appears twice' });
  });
  return { headers, problems };
}

type RowCheck = { values: ImportValues | null; problems: RowProblem[] };

function checkRow(record: string[], headers: string[], row: number, context: ImportContext): RowCheck {
  const problems: RowProblem[] = [];
  const raw = (column: CsvColumn) => (headers.includes(column) ? cell(record[headers.indexOf(column)]) : '');
  if (record.length > headers.length && record.slice(headers.length).some((c) => c.trim() !== '')) {
    problems.push({ row, field: 'row', message: `More cells than the header has columns (${headers.length})` });
  }
  const parsed = rowSchema.safeParse({
    first_name: raw('first_name'),
    last_name: raw('last_name'),
    email: raw('email'),
    phone: raw('phone'),
    company: raw('company'),
    notes: raw('notes'),
    status_reason: raw('status_reason'),
  });
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push({ row, field: String(issue.path[0]), message: issue.message });
  if (parsed.success && parsed.data.first_name === '' && parsed.data.last_name === '') problems.push({ row, field: 'first_name', message: NAME_REQUIRED });
  const status = parseStatus(raw('status'));
  if (status === null) problems.push({ row, field: 'status', message: `Unknown stage "${raw('status').trim()}" (use ${PROSPECT_STATUSES.join(', ')})` });
  const ownerEmail = raw('owner_email').trim().toLowerCase();
  const owner = ownerEmail === '' ? context.defaultOwner : context.team.get(ownerEmail);
  if (owner === undefined) problems.push({ row, field: 'owner_email', message: `${raw('owner_email').trim()} is not a member of your team` });
  if (problems.length > 0 || !parsed.success || status === null || owner === undefined) return { values: null, problems };
  const reason = needsReason(status) ? parsed.data.status_reason || IMPORTED_REASON : '';
  const { first_name, last_name, email, phone, company, notes } = parsed.data;
  return { values: { first_name, last_name, email, phone, company, notes, status, status_reason: reason, owner_id: owner }, problems };
}

export function planImport(text: string, context: ImportContext): ImportPlan {
  const empty = (problems: RowProblem[]): ImportPlan => ({ rows: 0, valid: [], duplicates: [], problems, invalidRows: 0 });
  const records = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data;
  const headerIndex = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex === -1) return empty([{ row: 1, field: 'file', message: 'The file is empty' }]);
  const dataRows = records.length - headerIndex - 1;
  if (dataRows > MAX_IMPORT_ROWS) {
    const message = `The file has ${dataRows.toLocaleString('en-US')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time (split the file)`;
    return empty([{ row: headerIndex + 1, field: 'file', message }]);
  }
  const header = checkHeader(records[headerIndex]!, headerIndex + 1);
  if (header.problems.length > 0) return empty(header.problems);

  const plan: ImportPlan = { rows: 0, valid: [], duplicates: [], problems: [], invalidRows: 0 };
  const seen = new Map<string, number>();
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (record.every((c) => c.trim() === '')) continue;
    plan.rows++;
    const row = i + 1;
    const { values, problems } = checkRow(record, header.headers, row, context);
    if (!values) {
      plan.invalidRows++;
      plan.problems.push(...problems);
      continue;
    }
    const key = emailKey(values.email);
    const earlier = key ? (context.existing.get(key) ?? (seen.has(key) ? `row ${seen.get(key)} of this file` : undefined)) : undefined;
    if (earlier !== undefined) {
      plan.duplicates.push({ row, email: values.email, of: earlier });
      continue;
    }
    if (key) seen.set(key, row);
    plan.valid.push({ row, values });
  }
  if (plan.rows === 0) plan.problems.push({ row: headerIndex + 2, field: 'file', message: 'The file has a header but no prospect rows' });
  return plan;
}

export type ExportNames = { owners: ReadonlyMap<string, string>; accounts: ReadonlyMap<string, string> };

export function prospectsToCsv(rows: readonly Prospect[], names: ExportNames): string {
  const data = rows.map((p) => [
    p.first_name,
    p.last_name,
    p.email,
    p.phone,
    p.company,
    p.status,
    p.status_reason,
    names.owners.get(p.owner_id ?? '') ?? '',
    p.notes,
    p.source,
    names.accounts.get(p.account_id ?? '') ?? '',
    p.created_at.slice(0, 10),
  ]);
  return Papa.unparse({ fields: [...CSV_COLUMNS, ...EXPORT_ONLY], data }, { escapeFormulae: true, newline: '\r\n' });
}

export function exportFileName(now = new Date()): string {
  return `prospects-${now.toISOString().slice(0, 10)}.csv`;
}
