import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../lib/local-log';
import { eventsToCsv, filterEvents, NO_FILTER } from './security-events';

const event = (values: Partial<SecurityEvent> & Pick<SecurityEvent, 'event_type' | 'timestamp'>): SecurityEvent => ({ user_id: null, session_id: null, metadata: {}, ...values });

const EVENTS = [
  event({ event_type: 'login_attempt', timestamp: '2026-11-20T09:00:00.000Z', metadata: { email: 'ada@example.com', action: 'sign_in' } }),
  event({ event_type: 'login_failure', timestamp: '2026-11-21T09:00:00.000Z', metadata: { email: 'ada@example.com', reason: 'invalid_credentials', error: 'Invalid login, "really"' } }),
  event({ event_type: 'suspicious_activity', timestamp: '2026-11-22T09:00:00.000Z', metadata: { reason: 'rate_limited', client_id: 'abc123' } }),
];

describe('filterEvents', () => {
  it('shows everything newest first without a filter', () => {
    expect(filterEvents(EVENTS, NO_FILTER).map((e) => e.event_type)).toEqual(['suspicious_activity', 'login_failure', 'login_attempt']);
  });

  it('filters by type, by days (both included) and by every search word', () => {
    expect(filterEvents(EVENTS, { ...NO_FILTER, type: 'login_failure' })).toHaveLength(1);
    expect(filterEvents(EVENTS, { ...NO_FILTER, from: '2026-11-21', to: '2026-11-21' }).map((e) => e.event_type)).toEqual(['login_failure']);
    expect(filterEvents(EVENTS, { ...NO_FILTER, search: 'ADA invalid' }).map((e) => e.event_type)).toEqual(['login_failure']);
    expect(filterEvents(EVENTS, { ...NO_FILTER, search: 'rate nobody' })).toEqual([]);
    expect(filterEvents(EVENTS, { ...NO_FILTER, search: 'rate_limited' })).toHaveLength(1);
  });
});

describe('eventsToCsv', () => {
  it('writes one row per event with a header, quoting what needs it', () => {
    const csv = eventsToCsv(EVENTS.slice(1, 2));
    expect(csv.split('\r\n')).toEqual([
      'timestamp,event_type,user_id,session_id,email,client_id,action,reason,error',
      '2026-11-21T09:00:00.000Z,login_failure,,,ada@example.com,,,invalid_credentials,"Invalid login, ""really"""',
    ]);
  });
});
