// The two doors of hand-over mode (hand-over.ts): "Hand over to customer" chooses the PIN (typed
// twice) and goes full screen; "Return to staff" asks for it. Full screen is a nicety where the
// browser allows it: Escape leaves full screen, never hand-over mode, since the staff layout keeps
// its navigation hidden for as long as the hand-over is stored.
import { useAtom } from 'jotai';
import { LockKeyhole, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { checkPin, handOverAtom, pinFormSchema, startHandOver, type PinForm } from './hand-over';

function enterFullscreen() {
  // Asked for within the tap (browsers allow it only then); refused or missing is fine.
  document.documentElement.requestFullscreen?.().catch(() => undefined);
}

function leaveFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined);
}

const PIN_INPUT = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 8 } as const;

function HandOverDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const [, setHandOver] = useAtom(handOverAtom);
  const [form, setForm] = useState<PinForm>({ pin: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof PinForm, string>>>({});
  const set = (field: keyof PinForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = pinFormSchema.safeParse(form);
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof PinForm] ??= issue.message;
      return setErrors(found);
    }
    enterFullscreen();
    setHandOver(await startHandOver(path, checked.data.pin));
    onClose();
  };
  const actions = (
    <>
      <Button variant="secondary" size="lg" onClick={onClose}>
        Cancel
      </Button>
      <Button size="lg" type="submit" form="hand-over-form">
        Hand over
      </Button>
    </>
  );
  return (
    <Dialog open onClose={onClose} title="Hand over to customer" description="The customer sees only the review and the signature, full screen. You need this PIN to return." actions={actions}>
      <form id="hand-over-form" noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <Field label="Hand-over PIN" hint="4 to 8 digits" error={errors.pin ?? null}>
          <Input {...PIN_INPUT} value={form.pin} onChange={(e) => set('pin', e.target.value)} autoFocus />
        </Field>
        <Field label="PIN again" error={errors.repeat ?? null}>
          <Input {...PIN_INPUT} value={form.repeat} onChange={(e) => set('repeat', e.target.value)} />
        </Field>
      </form>
    </Dialog>
  );
}

export function HandOverButton({ path }: { path: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="lg" variant="secondary" className="self-start" icon={<UserRound aria-hidden="true" className="size-5" />} onClick={() => setOpen(true)}>
        Hand over to customer
      </Button>
      {open && <HandOverDialog path={path} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReturnDialog({ onClose }: { onClose: () => void }) {
  const [handOver, setHandOver] = useAtom(handOverAtom);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!handOver) return onClose();
    const result = await checkPin(handOver, pin, Date.now());
    if (result.ok) {
      leaveFullscreen();
      setHandOver(null);
      return onClose();
    }
    setHandOver(result.state);
    setError(result.message);
  };
  const actions = (
    <>
      <Button variant="secondary" size="lg" onClick={onClose}>
        Cancel
      </Button>
      <Button size="lg" type="submit" form="return-to-staff-form">
        Return to staff
      </Button>
    </>
  );
  return (
    <Dialog open onClose={onClose} title="Return to staff" description="Staff only: enter the hand-over PIN." actions={actions} size="sm">
      <form id="return-to-staff-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Hand-over PIN" error={error}>
          <Input {...PIN_INPUT} value={pin} onChange={(e) => setPin(e.target.value)} autoFocus />
        </Field>
      </form>
    </Dialog>
  );
}

export function ReturnToStaffButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="lg" variant="secondary" icon={<LockKeyhole aria-hidden="true" className="size-5" />} onClick={() => setOpen(true)}>
        Return to staff
      </Button>
      {open && <ReturnDialog onClose={() => setOpen(false)} />}
    </>
  );
}
