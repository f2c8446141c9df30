// Security events of this device: filter by type and days, search, export as CSV.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '../../components/ui/table';
import { downloadText } from '../../lib/download';
import type { SecurityEvent } from '../../lib/local-log';
import { Panel, When } from './panel';
import { EVENT_LABELS, EVENT_TYPES, eventsToCsv, filterEvents, NO_FILTER, type EventFilter } from './security-events';

const SHOWN = 200;

function Filters({ filter, onChange }: { filter: EventFilter; onChange: (filter: EventFilter) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Type">
        <Select value={filter.type} onChange={(e) => onChange({ ...filter, type: e.target.value as EventFilter['type'] })} placeholder="All types" options={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_LABELS[t] }))} />
      </Field>
      <Field label="From">
        <Input type="date" value={filter.from} onChange={(e) => onChange({ ...filter, from: e.target.value })} />
      </Field>
      <Field label="To">
        <Input type="date" value={filter.to} onChange={(e) => onChange({ ...filter, to: e.target.value })} />
      </Field>
      <Field label="Search">
        <Input type="search" value={filter.search} placeholder="E-mail, reason, device…" onChange={(e) => onChange({ ...filter, search: e.target.value })} />
      </Field>
    </div>
  );
}

function EventRow({ event }: { event: SecurityEvent }) {
  const m = event.metadata;
  return (
    <TableRow>
      <TableCell>
        <When at={event.timestamp} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{EVENT_LABELS[event.event_type]}</TableCell>
      <TableCell className="break-all">{m.email ?? '—'}</TableCell>
      <TableCell>{[m.action, m.reason].filter(Boolean).join(' · ') || '—'}</TableCell>
      <TableCell className="hidden font-mono text-xs lg:table-cell" title={m.client_id ?? undefined}>
        {m.client_id ? m.client_id.slice(0, 12) : '—'}
      </TableCell>
    </TableRow>
  );
}

export function SecurityEventsPanel({ events }: { events: SecurityEvent[] | undefined }) {
  const [filter, setFilter] = useState<EventFilter>(NO_FILTER);
  const shown = filterEvents(events ?? [], filter);
  const exportCsv = () => downloadText(`security-events-${new Date().toISOString().slice(0, 10)}.csv`, eventsToCsv(shown), 'text/csv;charset=utf-8');
  return (
    <Panel
      id="security-events"
      title="Security events"
      summary="Sign-in attempts, successes, failures and suspicious activity, as this device recorded them."
      actions={
        <Button size="sm" variant="secondary" disabled={shown.length === 0} onClick={exportCsv} icon={<Download aria-hidden="true" className="size-4" />}>
          Export CSV
        </Button>
      }
    >
      <Filters filter={filter} onChange={setFilter} />
      <p role="status" className="text-sm text-slate-600">
        {shown.length === (events ?? []).length ? `${shown.length} events` : `${shown.length} of ${(events ?? []).length} events`}
      </p>
      {shown.length > 0 && (
        <Table>
          <TableColumns columns={['When', 'Type', 'E-mail', 'Action · reason', { label: 'Device', className: 'hidden lg:table-cell' }]} />
          <TableBody>
            {shown.slice(0, SHOWN).map((event) => (
              <EventRow key={`${event.id}-${event.timestamp}`} event={event} />
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
}
