// Comments on an estimate: internal notes for the team, or comments the customer sees.
import { Lock, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/field';
import type { Estimate } from '../../../db/collections/estimates';
import { commentsOf } from '../queries';
import { can, useLiveQuery, useWorkspace } from '../../../db/react';
import { toastError } from '../../../lib/toast-store';
import { addComment } from '../commands';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function CommentThread({ estimate }: { estimate: Estimate }) {
  const { db, role, profile } = useWorkspace();
  const { result: comments } = useLiveQuery((d) => commentsOf(d, estimate.id), [estimate.id]);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const post = async () => {
    if (!body.trim()) return setError('Write something first');
    setError(null);
    try {
      await addComment(db, estimate, body.trim(), internal);
      setBody('');
    } catch (e) {
      toastError(e);
    }
  };
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-3 print:hidden">
      <h2 id="comments-heading" className="text-lg font-semibold text-slate-900">
        Comments
      </h2>
      {(comments ?? []).length === 0 ? (
        <p className="text-sm text-slate-500">No comments yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {(comments ?? []).map((c) => (
            <li key={c.id} data-testid="comment" className={`rounded-xl border p-3 text-sm ${c.internal ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-white'}`}>
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <span className="font-medium text-slate-700">{c.author_name || (c.author_kind === 'customer' ? 'Customer' : `${profile.first_name} ${profile.last_name}`.trim() || 'You')}</span>
                <span>{WHEN.format(new Date(c.created_at))}</span>
                {c.internal ? (
                  <Badge tone="warning">
                    <Lock aria-hidden="true" className="size-3" /> Internal
                  </Badge>
                ) : (
                  <Badge tone="brand">
                    <MessageSquare aria-hidden="true" className="size-3" /> Customer can see
                  </Badge>
                )}
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-800">{c.body}</p>
            </li>
          ))}
        </ol>
      )}
      {can(role, 'editEstimates') && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void post();
          }}
        >
          <Field label="New comment" error={error}>
            <Textarea value={body} onChange={(e) => setBody(e.target.value)} invalid={error !== null} className="min-h-20" />
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="size-5 accent-brand-700" checked={internal} onChange={() => setInternal((v) => !v)} />
              Internal note (the customer does not see it)
            </label>
            <Button type="submit">Post comment</Button>
          </div>
        </form>
      )}
    </section>
  );
}
