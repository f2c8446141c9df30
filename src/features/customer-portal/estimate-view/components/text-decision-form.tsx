// A decision that is one message: ask for changes, decline with a reason, or (on an expired
// estimate) ask for an updated one. The message stays while the connection is down and the
// request is sent again with the same key.
import { useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Field, Textarea } from '../../../../components/ui/field';
import { newActionKey } from '../commands';
import { useEstimateAction } from '../queries';
import { changesFormSchema, declineFormSchema, type CustomerEstimate } from '../schemas';
import { BrandButton } from './brand-button';
import { SendStatus } from './send-status';
import { ActionForm } from './action-form';

type Props = {
  token: string;
  estimate: CustomerEstimate;
  kind: 'changes' | 'decline';
  label: string;
  hint: string;
  submit: string;
  /** Named in the connection notice: "your {what} is kept". */
  what: string;
  danger?: boolean;
  onDecided?: (versionId?: string) => void;
};

export function TextDecisionForm({ token, estimate, kind, label, hint, submit, what, danger, onDecided }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const key = useRef<string | null>(null);
  const action = useEstimateAction(token, kind === 'decline' ? 'decline_estimate_by_link' : 'request_estimate_changes_by_link', (latest) => onDecided?.(latest?.version.id));
  const fieldName = kind === 'decline' ? 'reason' : 'message';
  const shown = error ?? (action.refusal?.field === fieldName ? action.refusal.message : undefined);
  const formId = useId();

  const send = () => {
    if (action.refusal) key.current = null;
    action.clearRefusal();
    const checked = kind === 'decline' ? declineFormSchema.safeParse({ reason: text }) : changesFormSchema.safeParse({ message: text });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    key.current ??= newActionKey();
    action.send(key.current, { p_version_id: estimate.version.id, [kind === 'decline' ? 'p_reason' : 'p_message']: text.trim() });
  };

  return (
    <ActionForm id={formId} label={submit} className="flex flex-col gap-4" onSend={send}>
      <Field label={label} hint={hint} error={shown}>
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) setError(undefined);
          }}
          rows={4}
          maxLength={4000}
          invalid={Boolean(shown)}
          disabled={action.sending}
        />
      </Field>
      <SendStatus state={action} what={what} />
      {danger ? (
        <Button type="submit" variant="secondary" size="lg" disabled={action.sending}>
          {submit}
        </Button>
      ) : (
        <BrandButton type="submit" disabled={action.sending}>
          {submit}
        </BrandButton>
      )}
    </ActionForm>
  );
}
