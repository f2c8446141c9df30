// The pipeline's writes, all to the device database (sync carries them; the server's policies
// let sales and above make them, its triggers keep the status history).
import type { Account } from '../../db/collections/accounts';
import type { Estimate } from '../../db/collections/estimates';
import type { EstimateRequest } from '../../db/collections/estimate-requests';
import { emailKey, prospects as prospectCollection, type Prospect, type ProspectStatus } from '../../db/collections/prospects';
import type { AppDatabase } from '../../db/database';
import { insertDocument, markSaved, newId, patchDocument } from '../../db/documents';
import { createDraftEstimate } from '../../db/new-estimate';
import type { ImportRow } from './csv';
import { firstHistory, movePatch, personName } from './pipeline';
import type { ProspectValues } from './schemas';

export type Actor = { orgId: string; userId: string };

export function createProspect(db: AppDatabase, actor: Actor, values: Partial<ProspectValues>): Promise<Prospect> {
  const now = new Date();
  return insertDocument(db, 'prospects', {
    owner_id: actor.userId,
    ...values,
    org_id: actor.orgId,
    status_changed_at: now.toISOString(),
    status_history: firstHistory(values.status ?? 'new', values.status_reason ?? '', actor.userId, now),
  });
}

/** Saves the form; a changed stage is a move (its moment and history entry go with it). */
export async function updateProspect(db: AppDatabase, actor: Actor, current: Prospect, values: ProspectValues): Promise<Prospect> {
  const moved = values.status !== current.status ? movePatch(current, values.status, values.status_reason, actor.userId) : {};
  return patchDocument(db, 'prospects', current.id, { ...values, ...moved });
}

export async function moveProspect(db: AppDatabase, actor: Actor, id: string, to: ProspectStatus, reason = ''): Promise<Prospect> {
  const current = await db.prospects.findOne(id).exec();
  if (!current) throw new Error('This prospect is not on this device');
  return patchDocument(db, 'prospects', id, movePatch(current, to, reason, actor.userId));
}

export function setArchived(db: AppDatabase, id: string, archived: boolean): Promise<Prospect> {
  return patchDocument(db, 'prospects', id, { archived_at: archived ? new Date().toISOString() : null });
}

/** Another prospect of the organization with this e-mail (the form warns; requests reuse it). */
export async function prospectWithEmail(db: AppDatabase, orgId: string, email: string, exceptId?: string): Promise<Prospect | null> {
  const key = emailKey(email);
  if (!key) return null;
  const found = await db.prospects.find({ selector: { email_key: key } }).exec();
  const match = found.map((d) => d.toJSON() as Prospect).filter((p) => p.org_id === orgId && p.id !== exceptId);
  return match.sort((a, b) => (a.created_at < b.created_at ? -1 : 1))[0] ?? null;
}

/** Estimates that can still change customer: accepted and declined ones are locked on the server. */
const LOCKED: readonly Estimate['status'][] = ['accepted', 'declined'];

export type Conversion = { account: Account; repointed: number; locked: number };

/**
 * The prospect becomes a customer account: the account is created from their company (or
 * name), the prospect is linked to it as its contact, and their estimates are re-pointed to
 * the account (all but accepted and declined ones, which are locked; the account still lists
 * them through its contact).
 */
export async function convertToAccount(db: AppDatabase, actor: Actor, prospect: Prospect): Promise<Conversion> {
  if (prospect.account_id) throw new Error(`${personName(prospect)} already belongs to an account`);
  const account = await insertDocument(db, 'accounts', {
    org_id: actor.orgId,
    name: (prospect.company || personName(prospect)).slice(0, 200),
    email: prospect.email,
    phone: prospect.phone,
    owner_id: prospect.owner_id ?? actor.userId,
  });
  await patchDocument(db, 'prospects', prospect.id, { account_id: account.id, company: account.name });
  const estimates = (await db.estimates.find({ selector: { prospect_id: prospect.id } }).exec()).map((d) => d.toJSON() as Estimate);
  let repointed = 0;
  for (const estimate of estimates.filter((e) => e.account_id === null && !LOCKED.includes(e.status))) {
    await patchDocument(db, 'estimates', estimate.id, { account_id: account.id });
    repointed++;
  }
  return { account, repointed, locked: estimates.filter((e) => LOCKED.includes(e.status)).length };
}

/** A draft estimate for the prospect (and their account, if they have one). */
export function createEstimateFor(db: AppDatabase, actor: Actor, prospect: Pick<Prospect, 'id' | 'account_id'>, values: Partial<Estimate> = {}): Promise<Estimate> {
  return createDraftEstimate(db, { org_id: actor.orgId, owner_id: actor.userId, prospect_id: prospect.id, account_id: prospect.account_id, ...values });
}

/** Valid rows of an import, written together (one bulk write: all of them or, on failure, none of the rest). */
export async function importProspects(db: AppDatabase, actor: Actor, rows: readonly ImportRow[]): Promise<number> {
  const now = new Date().toISOString();
  const at = new Date(now);
  const docs = rows.map((row) =>
    prospectCollection.create({
      ...row.values,
      id: newId(),
      org_id: actor.orgId,
      source: 'import',
      created_at: now,
      updated_at: now,
      status_changed_at: now,
      status_history: firstHistory(row.values.status, row.values.status_reason, actor.userId, at),
    }),
  );
  const result = await db.prospects.bulkInsert(docs);
  if (result.error.length > 0) throw new Error(`${result.error.length} of ${docs.length} prospects could not be saved on this device`);
  markSaved();
  return docs.length;
}

// ---------------------------------------------------------------------------------------
// The request inbox.

export function setRequestStatus(db: AppDatabase, id: string, status: 'new' | 'in_review'): Promise<EstimateRequest> {
  return patchDocument(db, 'estimate_requests', id, { status, status_changed_at: new Date().toISOString() });
}

export function dismissRequest(db: AppDatabase, id: string, reason: string): Promise<EstimateRequest> {
  return patchDocument(db, 'estimate_requests', id, { status: 'dismissed', dismiss_reason: reason.trim(), status_changed_at: new Date().toISOString() });
}

/** The estimate's title from the request: its first line, at most 80 characters. */
export function titleFromRequest(request: Pick<EstimateRequest, 'description' | 'company' | 'name'>): string {
  const line = request.description.split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  const title = line || `Request from ${request.company || request.name}`;
  return title.length > 80 ? `${title.slice(0, 79).trimEnd()}…` : title;
}

function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first.slice(0, 100), last_name: rest.join(' ').slice(0, 100) };
}

export type RequestConversion = { prospect: Prospect; estimate: Estimate; reused: boolean };

/**
 * The request becomes work: its prospect (the one the server linked, else one with the same
 * e-mail, else a new one), a draft estimate for them with the request's description, and the
 * request marked converted with that estimate.
 */
export async function convertRequest(db: AppDatabase, actor: Actor, request: EstimateRequest): Promise<RequestConversion> {
  if (request.status === 'converted') throw new Error('This request is already converted');
  const linked = request.prospect_id ? ((await db.prospects.findOne(request.prospect_id).exec())?.toJSON() as Prospect | undefined) : undefined;
  const existing = linked ?? (await prospectWithEmail(db, actor.orgId, request.email)) ?? undefined;
  const prospect =
    existing ??
    (await createProspect(db, actor, {
      ...splitName(request.name),
      email: request.email,
      phone: request.phone,
      company: request.company,
      source: request.source === 'portal' ? 'portal' : request.source === 'request_form' ? 'request_form' : 'manual',
    }));
  const notes = [request.description, request.budget_range && `Budget: ${request.budget_range}`, request.desired_start && `Desired start: ${request.desired_start}`, request.reference && `Request ${request.reference}`]
    .filter(Boolean)
    .join('\n\n');
  const estimate = await createEstimateFor(db, actor, prospect, { title: titleFromRequest(request), notes });
  await patchDocument(db, 'estimate_requests', request.id, {
    status: 'converted',
    prospect_id: prospect.id,
    converted_estimate_id: estimate.id,
    status_changed_at: new Date().toISOString(),
  });
  return { prospect, estimate, reused: existing !== undefined };
}
