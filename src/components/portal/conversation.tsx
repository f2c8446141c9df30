// The conversation with the business: staff and customer messages in order, messages written
// here that the server does not have yet (with their state), and the composer. New messages
// are announced politely.
import { Clock, CircleAlert, Send, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Field, Textarea } from '../ui/field';
import type { PortalComment } from '../../lib/portal-api';
import { Moment } from './moment';
import { Section } from './section';

export type PendingComment = { key: string; body: string; createdAt: string; problem: string | null };

type Props = {
  comments: PortalComment[];
  pending: PendingComment[];
  online: boolean;
  /** Null where the page only shows the thread (the staff preview). */
  onSend: ((body: string) => Promise<void> | void) | null;
  onDiscard?: (key: string) => void;
};

export function Conversation({ comments, pending, online, onSend, onDiscard }: Props) {
  return (
    <Section id="portal-conversation" title="Conversation">
      <ol data-testid="portal-conversation" aria-live="polite" className="flex max-h-[28rem] flex-col gap-3 overflow-y-auto">
        {comments.length === 0 && pending.length === 0 && <li className="text-sm text-slate-600">Questions? Write to us here; we usually answer within a day.</li>}
        {comments.map((c) => (
          <Message key={c.id} mine={c.author_kind === 'customer'} author={c.author_name || (c.author_kind === 'staff' ? 'Our team' : 'You')} at={c.created_at} body={c.body} />
        ))}
        {pending.map((p) => (
          <Message key={p.key} mine author="You" at={p.createdAt} body={p.body} pending={<PendingState online={online} problem={p.problem} onDiscard={onDiscard && (() => onDiscard(p.key))} />} />
        ))}
      </ol>
      {onSend && <Composer onSend={onSend} />}
    </Section>
  );
}

function Message({ mine, author, at, body, pending }: { mine: boolean; author: string; at: string; body: string; pending?: ReactNode }) {
  return (
    <li data-testid={pending ? 'portal-comment-pending' : 'portal-comment'} className={cx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <div className={cx('max-w-[85%] rounded-2xl px-4 py-2.5 text-sm whitespace-pre-line', mine ? 'bg-[var(--org-soft)] text-slate-900 ring-1 ring-slate-200' : 'bg-slate-100 text-slate-900')}>{body}</div>
      <p className="text-xs text-slate-600">
        {author} · <Moment at={at} />
      </p>
      {pending}
    </li>
  );
}

function PendingState({ online, problem, onDiscard }: { online: boolean; problem: string | null; onDiscard: (() => void) | undefined }) {
  if (problem) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-red-800">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        Not sent: {problem}
        {onDiscard && (
          <button type="button" onClick={onDiscard} className="ml-1 inline-flex items-center gap-0.5 rounded underline">
            <X aria-hidden="true" className="size-3" />
            Remove
          </button>
        )}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-xs text-amber-900" data-testid="pending-note">
      <Clock aria-hidden="true" className="size-3.5" />
      {online ? 'Sending…' : 'Will be sent when you are back online'}
    </p>
  );
}

function Composer({ onSend }: { onSend: (body: string) => Promise<void> | void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError('Write a message first');
    if (text.length > 2000) return setError('Keep it under 2,000 characters');
    setError(null);
    await onSend(text);
    setBody('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <Field label="Your message" error={error}>
        <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={3} className="min-h-20" />
      </Field>
      <Button type="submit" className="self-end" icon={<Send aria-hidden="true" className="size-4" />}>
        Send
      </Button>
    </form>
  );
}
