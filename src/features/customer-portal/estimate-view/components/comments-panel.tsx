// The conversation with the business: the customer-visible thread (staff replies arrive
// while the page is open) and a form to write (comment-form.tsx), signed with the customer's
// name. Every text is shown as text.
import { MessageCircle } from 'lucide-react';
import { cx } from '../../../../components/ui/cx';
import { Moment } from '../../../../components/portal/moment';
import type { CustomerComment, CustomerEstimate } from '../schemas';
import { CommentForm, Deferred, FormPlaceholder } from './deferred';

export function CommentsPanel({ token, estimate, name, onName }: { token: string; estimate: CustomerEstimate; name: string; onName: (name: string) => void }) {
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 print:hidden">
      <h2 id="comments-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MessageCircle aria-hidden="true" className="size-5 text-[var(--org-text)]" />
        Questions and comments
      </h2>
      <Thread comments={estimate.comments} organization={estimate.organization.name} />
      <Deferred placeholder={<FormPlaceholder label="Loading the comment form…" className="border-t border-slate-200 pt-4" />}>
        <CommentForm token={token} name={name} onName={onName} />
      </Deferred>
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
            <span> · <Moment at={c.created_at} style="long" /></span>
          </p>
          <p className="mt-1 text-base break-words whitespace-pre-wrap text-slate-900">{c.body}</p>
        </li>
      ))}
    </ol>
  );
}
