import { describe, expect, it } from 'vitest';
import { customerActivity } from './customer-activity';

const base = {
  status: 'sent' as const,
  view_count: 0,
  viewed_at: null,
  last_viewed_at: null,
  accepted_by_name: '',
  accepted_at: null,
  decline_reason: '',
  declined_at: null,
  changes_request: '',
  changes_requested_at: null,
};
const items = [
  { name: 'Cedar deck boards', optional: false, selected: true },
  { name: 'Deck lighting', optional: true, selected: true },
  { name: 'Stain and seal', optional: true, selected: false },
];

describe('customerActivity', () => {
  it('has no views and no decision before the customer opens the link', () => {
    expect(customerActivity(base, items)).toEqual({ views: { count: 0, first: null, last: null }, decision: null });
  });

  it('counts views: the first is viewed_at, the last last_viewed_at', () => {
    const views = customerActivity({ ...base, status: 'viewed', view_count: 3, viewed_at: '2026-11-20T10:00:00Z', last_viewed_at: '2026-11-22T09:30:00Z' }, items).views;
    expect(views).toEqual({ count: 3, first: '2026-11-20T10:00:00Z', last: '2026-11-22T09:30:00Z' });
  });

  it('takes the last view as the first when the estimate was past viewed at its first opening', () => {
    // Opened first after the customer asked for changes and staff revised it: no viewed_at.
    expect(customerActivity({ ...base, view_count: 1, last_viewed_at: '2026-11-22T09:30:00Z' }, items).views).toEqual({ count: 1, first: '2026-11-22T09:30:00Z', last: '2026-11-22T09:30:00Z' });
  });

  it('gives an acceptance with the name and the options chosen', () => {
    expect(customerActivity({ ...base, status: 'accepted', accepted_by_name: 'Jordan Rivera', accepted_at: '2026-11-22T10:00:00Z' }, items).decision).toEqual({
      kind: 'accepted',
      name: 'Jordan Rivera',
      at: '2026-11-22T10:00:00Z',
      options: [
        { name: 'Deck lighting', included: true },
        { name: 'Stain and seal', included: false },
      ],
    });
  });

  it('gives a decline with its reason', () => {
    expect(customerActivity({ ...base, status: 'declined', decline_reason: 'Too expensive', declined_at: '2026-11-22T10:00:00Z' }, items).decision).toEqual({ kind: 'declined', reason: 'Too expensive', at: '2026-11-22T10:00:00Z' });
  });

  it('gives a change request: current while the estimate waits on it, earlier once revised and sent again', () => {
    const asked = { ...base, changes_request: 'Cedar railing too?', changes_requested_at: '2026-11-22T10:00:00Z' };
    expect(customerActivity({ ...asked, status: 'changes_requested' }, items).decision).toEqual({ kind: 'changes_requested', message: 'Cedar railing too?', at: '2026-11-22T10:00:00Z', current: true });
    expect(customerActivity({ ...asked, status: 'sent' }, items).decision).toMatchObject({ kind: 'changes_requested', current: false });
  });

  it('gives an expired estimate’s request for an update', () => {
    expect(customerActivity({ ...base, status: 'expired', changes_request: 'Current prices please', changes_requested_at: '2026-11-22T10:00:00Z' }, items).decision).toEqual({
      kind: 'update_requested',
      message: 'Current prices please',
      at: '2026-11-22T10:00:00Z',
    });
  });
});
