// The forms of signing in to a portal: the link or access code, who you are, the e-mailed code.
import { KeyRound, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import type { SignInOptions } from '../../lib/portal-api';

export function CredentialForm({ busy, error, onSubmit }: { busy: boolean; error: string | null; onSubmit: (text: string) => void }) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Portal link or access code" hint="Paste the link from our e-mail, or type the code we gave you, like K7QM-4XPT-9RZC." error={error}>
        <Input value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" autoCapitalize="none" spellCheck={false} />
      </Field>
      <Button type="submit" size="lg" disabled={busy} icon={<KeyRound aria-hidden="true" className="size-5" />}>
        {busy ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}

export function ContactForm({ options, busy, error, onSubmit }: { options: SignInOptions; busy: boolean; error: string | null; onSubmit: (prospectId: string) => void }) {
  const [chosen, setChosen] = useState(options.contacts.length === 1 ? options.contacts[0]!.id : '');
  const [missing, setMissing] = useState(false);
  if (options.contacts.length === 0) {
    return <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">Nobody can sign in to this portal yet. Please ask {options.organization.name} to add your e-mail address.</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setMissing(true);
    onSubmit(chosen);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Who are you?</legend>
        {options.contacts.map((c) => (
          <label key={c.id} className="flex cursor-pointer items-center gap-3 rounded-xl p-3 ring-1 ring-slate-200 has-checked:bg-[var(--org-soft)] has-checked:ring-2 has-checked:ring-[var(--org-text)]">
            <input type="radio" name="contact" value={c.id} checked={chosen === c.id} onChange={() => (setChosen(c.id), setMissing(false))} className="size-4 accent-[var(--org-text)]" />
            <span className="flex flex-col">
              <span className="font-medium text-slate-900">{c.name}</span>
              <span className="text-sm text-slate-600">{c.email_hint}</span>
            </span>
          </label>
        ))}
        {(missing || error) && (
          <p role="alert" className="text-sm text-red-700">
            {missing ? 'Choose who you are' : error}
          </p>
        )}
      </fieldset>
      <Button type="submit" size="lg" disabled={busy} icon={<Mail aria-hidden="true" className="size-5" />}>
        {busy ? 'Sending…' : 'E-mail me a code'}
      </Button>
    </form>
  );
}

export function CodeForm({ sentTo, busy, error, onSubmit, onResend }: { sentTo: string; busy: boolean; error: string | null; onSubmit: (code: string) => void; onResend: () => void }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setProblem('Enter the 6 digits from the e-mail');
    setProblem(null);
    onSubmit(digits);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Code from the e-mail" hint={`We sent a 6-digit code to ${sentTo}. It works for 10 minutes.`} error={problem ?? error}>
        <Input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={9} className="text-lg tracking-widest" />
      </Field>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <Button variant="ghost" onClick={onResend} disabled={busy}>
        Send a new code
      </Button>
    </form>
  );
}
