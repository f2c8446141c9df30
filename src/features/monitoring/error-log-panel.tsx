// The error queue and the log buffer of this device (SPEC.md §8, 100 entries each), with the
// error IDs support asks for, ready to copy.
import { Copy } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { ErrorEntry, LogEntry } from '../../lib/local-log';
import { toast } from '../../lib/toast-store';
import { Panel, When } from './panel';
import { useClearErrors } from './queries';

function copy(text: string, what: string) {
  void navigator.clipboard.writeText(text).then(
    () => toast({ tone: 'success', description: `${what} copied.` }),
    () => toast({ tone: 'warning', description: `${what} could not be copied; select the text and copy it by hand.` }),
  );
}

export function errorReport(entry: ErrorEntry): string {
  return [`Error ID: ${entry.error_id ?? 'none'}`, `Message: ${entry.message}`, `When: ${entry.timestamp}`, `Page: ${entry.route ?? ''}`, `Version: ${entry.version ?? ''}`].join('\n');
}

export function logText(entries: LogEntry[]): string {
  return entries.map((e) => `${e.timestamp} ${e.level.toUpperCase()} ${e.message}${e.data ? ` ${JSON.stringify(e.data)}` : ''}`).join('\n');
}

const LEVEL_TONES = { debug: 'neutral', info: 'brand', warn: 'warning', error: 'danger' } as const;

export function ErrorQueuePanel({ errors }: { errors: ErrorEntry[] | undefined }) {
  const clear = useClearErrors();
  const list = [...(errors ?? [])].reverse();
  return (
    <Panel
      id="error-queue"
      title="Error queue"
      summary="Errors this device recorded (the last 100). Give support the error ID."
      actions={
        <Button size="sm" variant="ghost" disabled={list.length === 0 || clear.isPending} onClick={() => clear.mutate()}>
          Clear
        </Button>
      }
    >
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">No errors recorded.</p>
      ) : (
        // Focusable, so a keyboard can scroll a long list (its entries hold nothing to tab to).
        <ul tabIndex={0} className="flex max-h-96 flex-col divide-y divide-slate-200 overflow-y-auto rounded-lg ring-1 ring-slate-200" aria-label="Recorded errors">
          {list.map((entry) => (
            <li key={entry.id ?? entry.timestamp} className="flex items-start gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-mono text-xs text-slate-700">Error ID {entry.error_id ?? '—'}</p>
                <p className="break-words text-slate-900">{entry.message}</p>
                <p className="text-xs text-slate-500">
                  <When at={entry.timestamp} /> · {entry.route ?? ''}
                </p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => copy(errorReport(entry), 'Error report')} icon={<Copy aria-hidden="true" className="size-4" />}>
                <span>
                  Copy<span className="sr-only"> error {entry.error_id ?? ''}</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function LogBufferPanel({ logs }: { logs: LogEntry[] | undefined }) {
  const list = [...(logs ?? [])].reverse();
  return (
    <Panel
      id="log-buffer"
      title="Log"
      summary="What the app noted on this device: sync errors, connection changes, recorded errors (the last 100)."
      actions={
        <Button size="sm" variant="secondary" disabled={list.length === 0} onClick={() => copy(logText(logs ?? []), 'Log')} icon={<Copy aria-hidden="true" className="size-4" />}>
          Copy log
        </Button>
      }
    >
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing logged yet.</p>
      ) : (
        <ul tabIndex={0} className="flex max-h-96 flex-col divide-y divide-slate-200 overflow-y-auto rounded-lg ring-1 ring-slate-200" aria-label="Log entries" data-testid="log-buffer">
          {list.map((entry) => (
            <li key={entry.id ?? entry.timestamp} className="flex flex-wrap items-baseline gap-2 p-3 text-sm">
              <Badge tone={LEVEL_TONES[entry.level]}>{entry.level}</Badge>
              <span className="min-w-0 flex-1 break-words text-slate-900">{entry.message}</span>
              <span className="text-xs text-slate-500">
                <When at={entry.timestamp} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
