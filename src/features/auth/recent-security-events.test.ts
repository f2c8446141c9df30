import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '../../lib/local-log';
import { eventsOfAccount } from './recent-security-events';

const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('eventsOfAccount', () => {
  it('keeps the account\'s events (by user id, or by e-mail before sign-in), newest first, at most the limit', () => {
    const events: SecurityEvent[] = [
      { event_type: 'login_attempt', user_id: null, session_id: null, metadata: { email: 'Ada@Example.com' }, timestamp: at(1) },
      { event_type: 'login_success', user_id: 'u1', session_id: 's', metadata: { email: 'ada@example.com' }, timestamp: at(2) },
      { event_type: 'login_failure', user_id: null, session_id: null, metadata: { email: 'someone@else.com' }, timestamp: at(3) },
      { event_type: 'suspicious_activity', user_id: 'u1', session_id: null, metadata: {}, timestamp: at(4) },
    ];
    expect(eventsOfAccount(events, { id: 'u1', email: 'ada@example.com' }).map((e) => e.event_type)).toEqual(['suspicious_activity', 'login_success', 'login_attempt']);
    expect(eventsOfAccount(events, { id: 'u1', email: 'ada@example.com' }, 1)).toHaveLength(1);
  });
});
