// Writing a comment, signed with the customer's name: checked at the fields, sent once (an
// action key) and retried while the connection is down.
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { newActionKey } from '../commands';
import { useEstimateAction } from '../queries';
import { commentFormSchema } from '../schemas';
import { SendStatus } from './send-status';
import { ActionForm } from './action-form';

type Errors = Partial<Record<'name' | 'body', string>>;

export function CommentForm({ token, name, onName }: { token: string; name: string; onName: (name: string) => void }) {
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
    <ActionForm label="Write a comment" className="flex flex-col gap-3 border-t border-slate-200 pt-4" onSend={send}>
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
    </ActionForm>
  );
}
