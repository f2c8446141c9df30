// The customer signs: typed full name, a signature (drawn, or typed: the name rendered as the
// signature, chosen explicitly), the consent line, "Accept estimate".
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { SignatureField } from '../../../components/signature-pad';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import type { Estimate } from '../../../db/collections/estimates';
import type { EstimateItem } from '../../../db/collections/estimate-items';
import { useWorkspace } from '../../../db/react';
import { formatMoney } from '../../../lib/money';
import { typedSignatureDataUrl, type SignatureMethod } from '../../../lib/signature';
import { toast, toastError } from '../../../lib/toast-store';
import { captureAcceptance } from '../commands';
import { estimateFigures } from '../../../db/estimate-figures';
import { checkAcceptance, type AcceptanceErrors } from './acceptance';
import { FlowBar } from './flow-chrome';

export function SignStep({ estimate, items, customer, onBack }: { estimate: Estimate; items: readonly EstimateItem[]; customer: string; onBack: () => void }) {
  const { db } = useWorkspace();
  const [name, setName] = useState('');
  const [drawn, setDrawn] = useState('');
  const [method, setMethod] = useState<SignatureMethod>('drawn');
  const [errors, setErrors] = useState<AcceptanceErrors>({});
  const [busy, setBusy] = useState(false);
  const totals = estimateFigures(estimate, items);
  const empty = items.length === 0;

  const accept = async () => {
    const signature = method === 'typed' ? typedSignatureDataUrl(name) : drawn;
    const checked = checkAcceptance({ name, signature });
    if (!checked.ok) return setErrors(method === 'typed' ? { name: checked.errors.name } : checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await captureAcceptance(db, estimate.id, { ...checked.value, method });
      toast({ tone: 'success', title: 'Estimate accepted', description: navigator.onLine ? 'Saved on this device; confirming with the server.' : 'Saved on this device; it is confirmed when the tablet is back online.' });
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="flex flex-col gap-5">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900">Accept this estimate</h2>
          <p className="mt-1 text-base text-slate-700">
            {estimate.title || 'Estimate'}
            {customer && ` for ${customer}`} · total <span className="font-semibold tabular-nums">{formatMoney(totals.total)}</span>
          </p>
        </div>
        {empty ? (
          <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-base text-amber-900">
            This estimate has no items yet, so there is nothing to accept. Go back to Items and add what the customer is buying.
          </p>
        ) : (
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={(e) => {
              e.preventDefault();
              void accept();
            }}
          >
            <Field label="Full name" error={errors.name}>
              <Input
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  if (e.target.value.trim()) setErrors((current) => ({ ...current, name: undefined }));
                }}
                autoComplete="name"
                invalid={!!errors.name}
                className="min-h-12 text-lg"
                placeholder="The name of the person accepting"
              />
            </Field>
            <SignatureField
              method={method}
              onMethodChange={(next) => {
                setMethod(next);
                setErrors((current) => ({ ...current, signature: undefined }));
              }}
              typedName={name}
              error={errors.signature}
              onDrawnChange={(value) => {
                setDrawn(value);
                if (value) setErrors((current) => ({ ...current, signature: undefined }));
              }}
            />
            <p className="rounded-xl bg-slate-100 p-4 text-base text-slate-800">
              By signing, I accept this estimate{estimate.title ? ` (“${estimate.title}”)` : ''} for a total of {formatMoney(totals.total)}, including its items, notes and terms as shown on
              the previous page. The project timeline is a plan and may be adjusted as the work goes on.
            </p>
            <button type="submit" hidden />
          </form>
        )}
      </div>
      <FlowBar
        totals={totals}
        showMargin={false}
        onBack={onBack}
        primary={
          <Button size="lg" onClick={() => void accept()} disabled={empty || busy} icon={<PenLine aria-hidden="true" className="size-5" />}>
            Accept estimate
          </Button>
        }
      />
    </>
  );
}
