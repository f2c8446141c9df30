// The three views of /prospects as links, so each has its own address: the board, the table
// and the request inbox (with the number of requests waiting).
import { Inbox, KanbanSquare, Table2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cx } from '../../components/ui/cx';

export type View = 'board' | 'table' | 'requests';

const VIEWS: { view: View; label: string; icon: typeof Inbox }[] = [
  { view: 'board', label: 'Board', icon: KanbanSquare },
  { view: 'table', label: 'Table', icon: Table2 },
  { view: 'requests', label: 'Requests', icon: Inbox },
];

export function ViewTabs({ view, waiting }: { view: View; waiting: number }) {
  return (
    <nav aria-label="Prospect views" className="flex w-fit gap-1 rounded-xl bg-slate-200/70 p-1">
      {VIEWS.map(({ view: v, label, icon: Icon }) => (
        <Link
          key={v}
          to={`/prospects?view=${v}`}
          aria-current={view === v ? 'page' : undefined}
          className={cx(
            'inline-flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium',
            view === v ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:bg-white/60',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
          {v === 'requests' && waiting > 0 && (
            <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900 tabular-nums" data-testid="requests-waiting">
              {waiting}
              <span className="sr-only"> new</span>
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}
