// This account's recent security events as this device recorded them (SPEC.md §3: events are
// only logged locally).
import { formatDistanceToNowStrict } from 'date-fns';
import { useEffect, useState } from 'react';
import { localLog, type SecurityEvent } from '../../lib/local-log';

const LABELS: Record<SecurityEvent['event_type'], string> = {
  login_attempt: 'Sign-in attempt',
  login_success: 'Signed in',
  login_failure: 'Sign-in failed',
  suspicious_activity: 'Suspicious activity',
};

export function eventsOfAccount(events: SecurityEvent[], account: { id: string; email: string | null }, limit = 10): SecurityEvent[] {
  const email = account.email?.toLowerCase();
  return events
    .filter((e) => e.user_id === account.id || (email !== undefined && e.metadata.email?.toLowerCase() === email))
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, limit);
}

export function RecentSecurityEvents({ account }: { account: { id: string; email: string | null } }) {
  const [events, setEvents] = useState<SecurityEvent[] | null>(null);
  useEffect(() => {
    let current = true;
    localLog()
      .securityEvents()
      .then(
        (all) => current && setEvents(eventsOfAccount(all, account)),
        () => current && setEvents([]),
      );
    return () => {
      current = false;
    };
  }, [account.id, account.email]);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-base font-semibold text-slate-900">Recent security events on this device</h3>
      {events === null ? null : events.length === 0 ? (
        <p className="text-sm text-slate-600">No security events recorded for your account on this device.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200" aria-label="Recent security events" data-testid="recent-security-events">
          {events.map((event) => (
            <li key={`${event.id}-${event.timestamp}`} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
              <span className="font-medium text-slate-900">{LABELS[event.event_type]}</span>
              <span className="text-slate-600">{event.metadata.reason ? `${event.metadata.reason.replaceAll('_', ' ')} · ` : ''}</span>
              <time dateTime={event.timestamp} title={new Date(event.timestamp).toLocaleString('en-US')} className="text-slate-500">
                {formatDistanceToNowStrict(new Date(event.timestamp), { addSuffix: true })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
