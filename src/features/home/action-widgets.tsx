// What to do today: my open estimates that need action with their next step, and the
// estimates (anyone's) that expire within 7 days.
import { CalendarClock, FilePen, MailQuestion, MessageSquareWarning, Send } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { formatMoney } from '../../lib/money';
import type { ActionKind, HomeSummary } from './dashboard';
import { Empty, SHORT_DAY, Widget } from './widget';

const KIND: Record<ActionKind, { icon: typeof Send; label: string; tone: 'warning' | 'brand' | 'neutral' }> = {
  changes_requested: { icon: MessageSquareWarning, label: 'Changes requested', tone: 'warning' },
  viewed: { icon: MailQuestion, label: 'Viewed', tone: 'brand' },
  sent: { icon: Send, label: 'Sent', tone: 'brand' },
  draft: { icon: FilePen, label: 'Draft', tone: 'neutral' },
};

export function NeedsAction({ action }: { action: HomeSummary['action'] }) {
  const aside = (
    <p className="text-sm text-slate-600" data-testid="action-total">
      {action.total} open {action.total === 1 ? 'estimate' : 'estimates'}
    </p>
  );
  return (
    <Widget id="needs-action" title="Your estimates needing action" aside={aside} className="md:col-span-2">
      {action.items.length === 0 ? (
        <Empty>Nothing waits on you. New estimates you own show up here until they are accepted or declined.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {action.items.map((item) => {
            const kind = KIND[item.kind];
            return (
              <li key={item.id}>
                <Link to={item.kind === 'draft' ? `/estimates/${item.id}/edit` : `/estimates/${item.id}`} className="flex items-start gap-3 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="action-item">
                  <kind.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-mono text-xs text-slate-600">{item.number}</span>
                      <span className="truncate font-medium text-slate-900">{item.title || 'Untitled estimate'}</span>
                    </span>
                    <span className="block text-sm text-slate-700">{item.step}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {item.customer || 'No customer'} · since {SHORT_DAY.format(new Date(item.since))}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <Badge tone={kind.tone}>{kind.label}</Badge>
                    <span className="text-sm font-medium text-slate-900 tabular-nums">{formatMoney(item.totalCents)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {action.total > action.items.length && <p className="mt-2 text-xs text-slate-600">and {action.total - action.items.length} more on the estimates page.</p>}
    </Widget>
  );
}

function daysText(days: number): string {
  return days === 0 ? 'expires today' : days === 1 ? 'expires tomorrow' : `expires in ${days} days`;
}

export function Expiring({ expiring, owners }: { expiring: HomeSummary['expiring']; owners: ReadonlyMap<string, string> }) {
  return (
    <Widget id="expiring" title="Expiring within 7 days" aside={<Badge tone={expiring.total > 0 ? 'warning' : 'neutral'}>{expiring.total}</Badge>}>
      {expiring.items.length === 0 ? (
        <Empty>No sent estimate expires this week.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {expiring.items.map((item) => (
            <li key={item.id}>
              <Link to={`/estimates/${item.id}`} className="flex items-start gap-3 py-2.5 hover:bg-slate-50" data-testid="expiring-item">
                <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{item.customer || item.title || item.number}</span>
                  <span className="block text-xs text-slate-600">
                    {item.number} · {daysText(item.daysLeft)} · {owners.get(item.ownerId ?? '') ?? 'No owner'}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-medium text-slate-900 tabular-nums">{formatMoney(item.totalCents)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}
