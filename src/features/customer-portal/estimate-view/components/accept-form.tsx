// Accepting: the full name, a signature (drawn, or typed: chosen explicitly) and agreement to
// the terms, bound to the version on screen and the options chosen. While the connection is
// down the form keeps everything and sends again with the same key.
import { PenLine } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { SignatureField } from '../../../../components/signature-pad';
import { Field, Input } from '../../../../components/ui/field';
import { formatMoney } from '../../../../lib/money';
import { typedSignatureDataUrl, type SignatureMethod } from '../../../../lib/signature';
import { newActionKey } from '../commands';
import { useEstimateAction } from '../queries';
import { acceptFormSchema, type CustomerEstimate } from '../schemas';
import { selectedOptionalIds, type Selection } from '../selection';
import { BrandButton } from './brand-button';
import { SendStatus } from './send-status';
import { ActionForm } from './action-form';

type Errors = Partial<Record<'name' | 'drawn' | 'agreed', string>>;
type Props = { token: string; estimate: CustomerEstimate; selection: Selection; total: number; name: string; onName: (name: string) => void; onDecided?: (versionId?: string) => void };

export function AcceptForm({ token, estimate, selection, total, name, onName, onDecided }: Props) {
  const [method, setMethod] = useState<SignatureMethod>('drawn');
  const [drawn, setDrawn] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const key = useRef<string | null>(null);
  const action = useEstimateAction(token, 'accept_estimate_by_link', (latest) => onDecided?.(latest?.version.id));
  const agreedId = useId();
  const serverError = action.refusal?.field as keyof Errors | undefined;
  const shown: Errors = { ...errors, ...(serverError && action.refusal ? { [serverError]: action.refusal.message } : {}) };

  const submit = () => {
    // After a refusal nothing was recorded: the next submit is a new acceptance.
    if (action.refusal) key.current = null;
    action.clearRefusal();
    const checked = acceptFormSchema.safeParse({ name, method, drawn, agreed });
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const value = checked.data;
    // One key per accepted form: a resend after a lost connection is the same acceptance.
    key.current ??= newActionKey();
    action.send(key.current, {
      p_version_id: estimate.version.id,
      p_name: value.name,
      p_signature: value.method === 'typed' ? typedSignatureDataUrl(value.name) : value.drawn,
      p_signature_method: value.method,
      p_agreed: true,
      p_selected_item_ids: selectedOptionalIds(estimate.snapshot, selection),
    });
  };

  return (
    <ActionForm label="Accept this estimate" className="flex flex-col gap-4" onSend={submit}>
      <Field label="Your full name" error={shown.name}>
        <Input value={name} onChange={(e) => onName(e.target.value)} autoComplete="name" invalid={Boolean(shown.name)} disabled={action.sending} className="min-h-12 text-lg sm:text-base" />
      </Field>
      <SignatureField
        method={method}
        onMethodChange={(next) => {
          setMethod(next);
          setErrors((current) => ({ ...current, drawn: undefined }));
        }}
        onDrawnChange={(value) => {
          setDrawn(value);
          if (value) setErrors((current) => ({ ...current, drawn: undefined }));
        }}
        typedName={name}
        error={shown.drawn}
        disabled={action.sending}
      />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-3 text-base text-slate-800">
          <input
            type="checkbox"
            checked={agreed}
            disabled={action.sending}
            onChange={(e) => {
              setAgreed(e.target.checked);
              if (e.target.checked) setErrors((current) => ({ ...current, agreed: undefined }));
            }}
            aria-invalid={Boolean(shown.agreed) || undefined}
            aria-describedby={shown.agreed ? agreedId : undefined}
            className="mt-1 size-5 shrink-0 accent-[var(--org)]"
          />
          <span>
            I accept this estimate for a total of <strong className="tabular-nums">{formatMoney(total)}</strong>, with the options chosen above, its notes and terms.
          </span>
        </label>
        {shown.agreed && (
          <p id={agreedId} role="alert" className="text-sm text-red-700">
            {shown.agreed}
          </p>
        )}
      </div>
      <SendStatus state={action} what="acceptance" />
      <BrandButton type="submit" disabled={action.sending} icon={<PenLine aria-hidden="true" className="size-5" />}>
        Accept estimate
      </BrandButton>
    </ActionForm>
  );
}
