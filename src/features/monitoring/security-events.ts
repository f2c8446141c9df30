// Security events of this device (SPEC.md §3): filtered by type, date and a search, and as CSV.
import Papa from 'papaparse';
import type { SecurityEvent, SecurityEventType } from '../../lib/local-log';

export const EVENT_TYPES: readonly SecurityEventType[] = ['login_attempt', 'login_success', 'login_failure', 'suspicious_activity'];

export const EVENT_LABELS: Record<SecurityEventType, string> = {
  login_attempt: 'Sign-in attempt',
  login_success: 'Sign-in success',
  login_failure: 'Sign-in failure',
  suspicious_activity: 'Suspicious activity',
};

export type EventFilter = { type: SecurityEventType | ''; from: string; to: string; search: string };

export const NO_FILTER: EventFilter = { type: '', from: '', to: '', search: '' };

function searchable(event: SecurityEvent): string {
  const m = event.metadata;
  return [EVENT_LABELS[event.event_type], event.user_id, event.session_id, m.email, m.client_id, m.action, m.reason, m.error].filter(Boolean).join(' ').toLowerCase();
}

/** `from` and `to` are calendar days (yyyy-mm-dd) in the device's time zone, both included. */
export function filterEvents(events: SecurityEvent[], filter: EventFilter): SecurityEvent[] {
  const from = filter.from ? new Date(`${filter.from}T00:00:00`).getTime() : -Infinity;
  const to = filter.to ? new Date(`${filter.to}T00:00:00`).getTime() + 86_400_000 : Infinity;
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  return events
    .filter((e) => !filter.type || e.event_type === filter.type)
    .filter((e) => {
      const at = new Date(e.timestamp).getTime();
      return at >= from && at < to;
    })
    .filter((e) => words.every((word) => searchable(e).includes(word)))
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

export function eventsToCsv(events: SecurityEvent[]): string {
  return Papa.unparse({
    fields: ['timestamp', 'event_type', 'user_id', 'session_id', 'email', 'client_id', 'action', 'reason', 'error'],
    data: events.map((e) => [e.timestamp, e.event_type, e.user_id ?? '', e.session_id ?? '', e.metadata.email ?? '', e.metadata.client_id ?? '', e.metadata.action ?? '', e.metadata.reason ?? '', e.metadata.error ?? '']),
  });
}
