import { describe, expect, it } from 'vitest';
import { daysBetween, LIMITS, summarizeHome, type HomeComment, type HomeEstimate, type HomeRequest } from './dashboard';

const ME = 'me';
const OTHER = 'other';
let n = 0;
const e = (values: Partial<HomeEstimate>): HomeEstimate => {
  n++;
  return {
    id: `e${n}`, number: `EST-${String(n).padStart(6, '0')}`, title: `Job ${n}`, status: 'draft', owner_id: ME, customer_name: `Customer ${n}`, total_cents: 0,
    valid_until: null, sent_at: null, viewed_at: null, last_viewed_at: null, view_count: 0, accepted_at: null, declined_at: null, changes_requested_at: null,
    updated_at: '2026-03-01T00:00:00.000Z', ...values,
  };
};
const r = (values: Partial<HomeRequest>): HomeRequest => ({ id: `r${++n}`, name: 'Lee', email: 'lee@example.com', company: '', description: 'Patio', status: 'new', source: 'request_form', created_at: '2026-03-01T00:00:00.000Z', ...values });
const c = (values: Partial<HomeComment>): HomeComment => ({ id: `c${++n}`, estimate_id: null, portal_id: null, author_kind: 'customer', author_name: 'Pat', body: 'Looks good', created_at: '2026-03-01T00:00:00.000Z', ...values });

describe('home summary', () => {
  it('lists my open estimates needing action, most urgent first, with the next step', () => {
    const draftOld = e({ status: 'draft', updated_at: '2026-03-01T00:00:00.000Z' });
    const draftNew = e({ status: 'draft', updated_at: '2026-03-05T00:00:00.000Z' });
    const sentLong = e({ status: 'sent', sent_at: '2026-02-01T00:00:00.000Z' });
    const sentRecent = e({ status: 'sent', sent_at: '2026-03-02T00:00:00.000Z' });
    const viewed = e({ status: 'viewed', viewed_at: '2026-03-03T00:00:00.000Z', last_viewed_at: '2026-03-04T00:00:00.000Z', view_count: 3 });
    const changes = e({ status: 'changes_requested', changes_requested_at: '2026-03-04T12:00:00.000Z' });
    const notMine = e({ status: 'sent', owner_id: OTHER });
    const done = e({ status: 'accepted', accepted_at: '2026-03-01T00:00:00.000Z' });
    const summary = summarizeHome({ estimates: [draftOld, draftNew, sentLong, sentRecent, viewed, changes, notMine, done], requests: [], comments: [], userId: ME, today: '2026-03-06' });
    expect(summary.action.items.map((i) => [i.id, i.kind, i.step, i.since])).toEqual([
      [changes.id, 'changes_requested', 'Revise and send again: the customer asked for changes', '2026-03-04T12:00:00.000Z'],
      [viewed.id, 'viewed', 'Follow up: the customer opened it 3 times', '2026-03-04T00:00:00.000Z'],
      [sentLong.id, 'sent', 'Follow up: not opened yet', '2026-02-01T00:00:00.000Z'],
      [sentRecent.id, 'sent', 'Follow up: not opened yet', '2026-03-02T00:00:00.000Z'],
      [draftNew.id, 'draft', 'Finish and send', '2026-03-05T00:00:00.000Z'],
      [draftOld.id, 'draft', 'Finish and send', '2026-03-01T00:00:00.000Z'],
    ]);
    expect(summary.action.total).toBe(6);
    expect(summary.action.counts).toEqual({ changes_requested: 1, viewed: 1, sent: 2, draft: 2 });
  });

  it('keeps only the first items but counts them all', () => {
    const many = Array.from({ length: 20 }, (_, i) => e({ status: 'draft', updated_at: `2026-03-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` }));
    const summary = summarizeHome({ estimates: many, requests: [], comments: [], userId: ME, today: '2026-03-06' });
    expect(summary.action.total).toBe(20);
    expect(summary.action.items).toHaveLength(LIMITS.action);
    expect(summary.action.items[0]!.since).toBe('2026-03-20T00:00:00.000Z');
  });

  it('finds sent, viewed and changes-requested estimates expiring within 7 days, soonest first', () => {
    const today = '2026-03-06';
    const list = [
      e({ status: 'sent', valid_until: '2026-03-13', owner_id: OTHER }),
      e({ status: 'viewed', valid_until: '2026-03-06' }),
      e({ status: 'changes_requested', valid_until: '2026-03-07' }),
      e({ status: 'sent', valid_until: '2026-03-14' }),
      e({ status: 'sent', valid_until: '2026-03-05' }),
      e({ status: 'draft', valid_until: '2026-03-07' }),
      e({ status: 'accepted', valid_until: '2026-03-07' }),
    ];
    const summary = summarizeHome({ estimates: list, requests: [], comments: [], userId: ME, today });
    expect(summary.expiring.total).toBe(3);
    expect(summary.expiring.items.map((i) => [i.validUntil, i.daysLeft])).toEqual([
      ['2026-03-06', 0],
      ['2026-03-07', 1],
      ['2026-03-13', 7],
    ]);
  });

  it('counts and values every status as /estimates lists them', () => {
    const list = [
      e({ status: 'draft', total_cents: 100 }),
      e({ status: 'draft', total_cents: 250, owner_id: OTHER }),
      e({ status: 'sent', total_cents: 1_000 }),
      e({ status: 'accepted', total_cents: 99_999 }),
      e({ status: 'archived', total_cents: 5 }),
    ];
    const pipeline = summarizeHome({ estimates: list, requests: [], comments: [], userId: ME, today: '2026-03-06' }).pipeline;
    expect(pipeline.map((p) => [p.status, p.label, p.count, p.valueCents])).toEqual([
      ['draft', 'Draft', 2, 350],
      ['sent', 'Sent', 1, 1_000],
      ['viewed', 'Viewed', 0, 0],
      ['changes_requested', 'Changes requested', 0, 0],
      ['accepted', 'Accepted', 1, 99_999],
      ['declined', 'Declined', 0, 0],
      ['expired', 'Expired', 0, 0],
      ['archived', 'Archived', 1, 5],
    ]);
  });

  it('shows new requests newest first and all customer activity newest first', () => {
    const viewed = e({ status: 'viewed', customer_name: 'Harbor Cafe', viewed_at: '2026-03-02T00:00:00.000Z' });
    const accepted = e({ status: 'accepted', customer_name: 'Summit Roofing', viewed_at: '2026-03-01T00:00:00.000Z', accepted_at: '2026-03-03T00:00:00.000Z' });
    const declined = e({ status: 'declined', customer_name: '', title: 'Deck', declined_at: '2026-03-04T00:00:00.000Z' });
    const requests = [
      r({ name: 'Old', status: 'new', created_at: '2026-02-01T00:00:00.000Z' }),
      r({ name: 'Fresh', company: 'Acme', status: 'new', created_at: '2026-03-05T00:00:00.000Z' }),
      r({ name: 'Done', status: 'converted', created_at: '2026-03-05T06:00:00.000Z' }),
      r({ name: 'Staff', status: 'new', source: 'manual', created_at: '2026-03-05T07:00:00.000Z' }),
    ];
    const comments = [
      c({ estimate_id: accepted.id, author_name: 'Sam', body: 'Thanks!', created_at: '2026-03-03T01:00:00.000Z' }),
      c({ author_kind: 'staff', estimate_id: accepted.id, created_at: '2026-03-09T00:00:00.000Z' }),
      c({ portal_id: 'p1', author_name: 'Kim', created_at: '2026-03-03T02:00:00.000Z' }),
    ];
    const summary = summarizeHome({ estimates: [viewed, accepted, declined], requests, comments, userId: ME, today: '2026-03-06' });
    expect(summary.requests.total).toBe(3);
    expect(summary.requests.items.map((i) => i.name)).toEqual(['Staff', 'Fresh', 'Old']);
    expect(summary.activity.map((a) => [a.kind, a.text])).toEqual([
      ['request', 'Done asked for an estimate'],
      ['request', 'Fresh (Acme) asked for an estimate'],
      ['declined', `Deck declined ${declined.number}`],
      ['comment', 'Kim commented in their portal: “Looks good”'],
      ['comment', `Sam commented on ${accepted.number}: “Thanks!”`],
      ['accepted', `Summit Roofing accepted ${accepted.number}`],
      ['viewed', `Harbor Cafe viewed ${viewed.number}`],
      ['viewed', `Summit Roofing viewed ${accepted.number}`],
      ['request', 'Old asked for an estimate'],
    ]);
  });

  it('counts days between dates whatever the time zone', () => {
    expect(daysBetween('2026-03-06', '2026-03-13')).toBe(7);
    expect(daysBetween('2026-03-28', '2026-04-02')).toBe(5);
    expect(daysBetween('2026-03-06', '2026-03-05')).toBe(-1);
  });
});
