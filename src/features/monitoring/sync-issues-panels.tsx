// Documents the server refused (retry or discard each) and values that lost a merge (restore).
import { RotateCcw, RotateCw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import type { SyncIssue } from '../../db/collections/sync-issues';
import { useLiveQuery, useWorkspace } from '../../db/react';
import { discardFailure, failedDocuments, openConflicts, restoreConflict, retryFailure } from '../../db/sync-issues';
import { requestSync } from '../../lib/sync-request';
import { describeError } from '../../lib/errors';
import { toast } from '../../lib/toast-store';
import { Panel, When } from './panel';
import { resendServerRow } from './queries';
import { collectionLabel } from './sync-panel';
import { documentLabel, reasonText } from './sync-reasons';

function useIssueAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, work: () => Promise<void>, success: string) => {
    setBusy(id);
    try {
      await work();
      toast({ tone: 'success', description: success });
    } catch (error) {
      toast({ tone: 'error', description: describeError(error).message });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function value(json: string): string {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed === null || parsed === '' ? '(empty)' : typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
  } catch {
    return json;
  }
}

function FailureRow({ issue, busy, onRetry, onDiscard }: { issue: SyncIssue; busy: boolean; onRetry: () => void; onDiscard: () => void }) {
  const name = documentLabel(issue.doc, issue.doc_id);
  return (
    <li className="flex flex-col gap-2 p-4 text-sm sm:flex-row sm:items-start" data-testid="failed-document">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {collectionLabel(issue.collection_name)}: {name}
        </p>
        <p className="text-slate-700">{reasonText(issue.reason)}</p>
        <p className="break-words text-xs text-slate-500">
          {issue.message} · <When at={issue.created_at} />
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="secondary" disabled={busy} onClick={onRetry} icon={<RotateCw aria-hidden="true" className="size-4" />}>
          <span>
            Retry<span className="sr-only"> {name}</span>
          </span>
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onDiscard} icon={<Undo2 aria-hidden="true" className="size-4" />}>
          <span>
            Discard my change<span className="sr-only"> to {name}</span>
          </span>
        </Button>
      </div>
    </li>
  );
}

export function FailedDocumentsPanel() {
  const { db } = useWorkspace();
  const { result } = useLiveQuery((database) => failedDocuments(database), []);
  const { busy, run } = useIssueAction();
  const issues = result ?? [];
  return (
    <Panel id="refused" title="Changes the server refused" summary="They stay on this device until you retry them or discard them for the server's version.">
      {issues.length === 0 ? (
        <p className="text-sm text-slate-600">None: the server accepted every change.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200" aria-label="Refused changes">
          {issues.map((issue) => (
            <FailureRow
              key={issue.id}
              issue={issue}
              busy={busy === issue.id}
              onRetry={() => void run(issue.id, () => retryFailure(db, issue.id), 'Sent again.')}
              onDiscard={() =>
                void run(
                  issue.id,
                  async () => {
                    await discardFailure(db, issue.id, await resendServerRow(issue.collection_name, issue.doc_id));
                    requestSync();
                  },
                  'Your change was discarded; the server’s version comes back with the next sync.',
                )
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function ConflictsPanel() {
  const { db } = useWorkspace();
  const { result } = useLiveQuery((database) => openConflicts(database), []);
  const { busy, run } = useIssueAction();
  const conflicts = result ?? [];
  return (
    <Panel id="conflicts" title="Conflicts" summary="Where you and someone else changed the same field, the value that reached the server first stayed. Yours is kept here.">
      {conflicts.length === 0 ? (
        <p className="text-sm text-slate-600">No conflicts.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200" aria-label="Conflicts">
          {conflicts.map((c) => (
            <li key={c.id} className="flex flex-col gap-3 p-4 text-sm sm:flex-row sm:items-start" data-testid="conflict">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {collectionLabel(c.collection_name)} · {c.field.replaceAll('_', ' ')}
                </p>
                <dl className="mt-1 grid gap-1 sm:grid-cols-2">
                  <div>
                    <dt className="text-xs text-slate-500">Your value</dt>
                    <dd className="break-words text-slate-900">{value(c.local_value)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Kept value</dt>
                    <dd className="break-words text-slate-900">{value(c.server_value)}</dd>
                  </div>
                </dl>
                <p className="mt-1 text-xs text-slate-500">
                  <When at={c.created_at} />
                </p>
              </div>
              <Button size="sm" variant="secondary" disabled={busy === c.id} onClick={() => void run(c.id, () => restoreConflict(db, c.id), 'Your value is back and will sync.')} icon={<RotateCcw aria-hidden="true" className="size-4" />}>
                Restore my value
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
