// What happened in the portal, live from the device database: the conversation (staff reply
// here, as the customer sees it, or as an internal note) and the requests filed in it.
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, Textarea } from '../../components/ui/field';
import { can, useWorkspace } from '../../db/react';
import { insertDocument } from '../../db/documents';
import { toastError } from '../../lib/toast-store';
import { formatWhen } from './portal-table';
import { usePortalThreads } from './queries';

function Reply({ portalId }: { portalId: string }) {
  const { db, orgId } = useWorkspace();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError('Write a reply first');
    if (text.length > 10000) return setError('Keep it under 10,000 characters');
    setError(null);
    try {
      await insertDocument(db, 'comments', { org_id: orgId, portal_id: portalId, body: text, internal });
      setBody('');
    } catch (e) {
      toastError(e);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <Field label="Reply" error={error}>
        <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={3} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} className="size-4 accent-brand-700" />
          Internal note (staff only)
        </label>
        <Button type="submit" icon={<Send aria-hidden="true" className="size-4" />}>
          Send
        </Button>
      </div>
    </form>
  );
}

export function PortalThreads({ portalId }: { portalId: string }) {
  const { role } = useWorkspace();
  const { comments, requests } = usePortalThreads(portalId);
  const thread = (comments.result ?? []).filter((c) => !c.estimate_id);
  return (
    <div className="grid gap-5 lg:grid-cols-2 [&>*]:min-w-0">
      <section aria-labelledby="portal-thread" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="portal-thread" className="text-base font-semibold text-slate-900">
          Conversation
        </h2>
        <ol data-testid="staff-portal-thread" aria-live="polite" className="flex max-h-96 flex-col gap-3 overflow-y-auto">
          {thread.length === 0 && <li className="text-sm text-slate-600">No messages yet.</li>}
          {thread.map((c) => (
            <li key={c.id} className="flex flex-col gap-0.5">
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span className="font-medium text-slate-800">{c.author_name || (c.author_kind === 'customer' ? 'Customer' : 'Staff')}</span>
                {c.author_kind === 'customer' && <Badge tone="brand">Customer</Badge>}
                {c.internal && <Badge tone="warning">Internal</Badge>}
                {formatWhen(c.created_at)}
              </p>
              <p className="text-sm whitespace-pre-line text-slate-900">{c.body}</p>
            </li>
          ))}
        </ol>
        {can(role, 'editCustomers') && <Reply portalId={portalId} />}
      </section>
      <section aria-labelledby="portal-requests-staff" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="portal-requests-staff" className="text-base font-semibold text-slate-900">
          Requests from the portal
        </h2>
        <ul data-testid="staff-portal-requests" className="flex flex-col divide-y divide-slate-100">
          {(requests.result ?? []).length === 0 && <li className="text-sm text-slate-600">No requests yet.</li>}
          {(requests.result ?? []).map((r) => (
            <li key={r.id} className="flex flex-col gap-0.5 py-2">
              <p className="text-sm text-slate-900">{r.description}</p>
              <p className="text-xs text-slate-600">
                {r.reference} · {r.name} · {formatWhen(r.created_at)} · {r.status.replace('_', ' ')}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
