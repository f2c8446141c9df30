// The conversation with the business: the customer-visible thread (staff replies arrive
// while the page is open) and a form to write, signed with the customer's name. Every text
// is shown as text.
import { MessageCircle, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { cx } from '../../../../components/ui/cx';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { newActionKey } from '../commands';
import { formatMoment } from '../format';
import { useEstimateAction } from '../queries';
import { commentFormSchema, type CustomerComment, type CustomerEstimate } from '../schemas';
import { SendStatus } from './send-status';

type Errors = Partial<Record<'name' | 'body', string>>;

export function CommentsPanel({ token, estimate, name, onName }: { token: string; estimate: CustomerEstimate; name: string; onName: (name: string) => void }) {
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:hidden">
      <h2 id="comments-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MessageCircle aria-hidden="true" className="size-5 text-[var(--org-text)]" />
        Questions and comments
      </h2>
      <Thread comments={estimate.comments} organization={estimate.organization.name} />
      <CommentForm token={token} name={name} onName={onName} />
    </section>
  );
}

function Thread({ comments, organization }: { comments: readonly CustomerComment[]; organization: string }) {
  if (comments.length === 0) return <p className="text-base text-slate-600">No comments yet. Ask {organization} anything about this estimate.</p>;
  return (
    <ol aria-label="Comments" aria-live="polite" aria-relevant="additions" className="flex flex-col gap-3">
      {comments.map((c) => (
        <li
          key={c.id}
          data-testid="comment"
          className={cx('max-w-[85%] rounded-2xl px-4 py-3', c.author_kind === 'customer' ? 'self-end bg-[var(--org-soft)] ring-1 ring-slate-200' : 'self-start bg-slate-100')}
        >
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{c.author_name || (c.author_kind === 'staff' ? organization : 'You')}</span>
            {c.author_kind === 'staff' && c.author_name && <span> · {organization}</span>}
            <span> · {formatMoment(c.created_at)}</span>
          </p>
          <p className="mt-1 text-base break-words whitespace-pre-wrap text-slate-900">{c.body}</p>
        </li>
      ))}
    </ol>
  );
}

function CommentForm({ token, name, onName }: { token: string; name: string; onName: (name: string) => void }) {
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const key = useRef<string | null>(null);
  // Posted: the box empties for the next comment (a comment keeps its key until it is answered).
  const action = useEstimateAction(token, 'comment_on_estimate_by_link', () => {
    key.current = null;
    setBody('');
  });
  const refusedField = action.refusal?.field as keyof Errors | undefined;
  const shown: Errors = { ...errors, ...(refusedField && action.refusal ? { [refusedField]: action.refusal.message } : {}) };

  const send = () => {
    if (action.refusal) key.current = null;
    action.clearRefusal();
    const checked = commentFormSchema.safeParse({ name, body });
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    key.current ??= newActionKey();
    action.send(key.current, { p_name: checked.data.name, p_body: body.trim() });
  };

  return (
    <form
      noValidate
      aria-label="Write a comment"
      className="flex flex-col gap-3 border-t border-slate-200 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_1fr]">
        <Field label="Your name" error={shown.name}>
          <Input value={name} onChange={(e) => onName(e.target.value)} autoComplete="name" invalid={Boolean(shown.name)} disabled={action.sending} />
        </Field>
        <Field label="Comment" error={shown.body}>
          <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={3} maxLength={4000} invalid={Boolean(shown.body)} disabled={action.sending} />
        </Field>
      </div>
      <SendStatus state={action} what="comment" />
      <Button type="submit" size="lg" variant="secondary" className="w-fit" disabled={action.sending} icon={<Send aria-hidden="true" className="size-5" />}>
        Post comment
      </Button>
    </form>
  );
}
