import { zodResolver } from '@hookform/resolvers/zod';
import type { Factor } from '@supabase/supabase-js';
import { KeyRound, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { QrCode } from '../../components/qr-code';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { CodeInput } from './code-input';
import { FormAlert } from './form-alert';
import { PasswordChangeForm } from './password-change-form';
import { RecentSecurityEvents } from './recent-security-events';
import { SessionControls } from './session-controls';
import { enrollPhone, enrollTotp, listFactors, removeFactor, verifyChallenge, verifyTotp, type TotpEnrollment } from './mfa';
import { otpCodeSchema, phoneFactorSchema, type OtpCodeValues, type PhoneFactorValues } from './schemas';
import { useAuth, useAuthInternals } from './use-auth';

function CodeForm({ label, onVerify, onCancel }: { label: string; onVerify: (code: string) => Promise<string | null>; onCancel: () => void }) {
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<OtpCodeValues>({ resolver: zodResolver(otpCodeSchema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async ({ code }) => {
    const failure = await onVerify(code);
    if (failure) setError('code', { message: failure });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Field label={label} error={errors.code?.message} className="flex-1">
        <CodeInput {...register('code')} className="font-mono tracking-[0.3em]" invalid={Boolean(errors.code)} />
      </Field>
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Verifying…' : 'Verify'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TotpSetup({ enrollment, onDone, onCancel }: { enrollment: TotpEnrollment; onDone: () => void; onCancel: () => void }) {
  const { auth } = useAuthInternals();
  return (
    <div className="flex flex-col gap-5 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200" data-testid="totp-setup">
      <p className="text-sm text-slate-700">
        Scan the QR code with an authenticator app (for example Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows.
      </p>
      <div className="flex flex-col items-start gap-5 sm:flex-row">
        <QrCode value={enrollment.uri} label="QR code to add this account to an authenticator app" testId="totp-qr-code" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-slate-800">Can't scan it? Enter this key instead:</p>
          <code data-testid="totp-secret" className="mt-2 block rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200">
            {enrollment.secret}
          </code>
        </div>
      </div>
      <CodeForm
        label="Code from your authenticator app"
        onCancel={onCancel}
        onVerify={async (code) => {
          const result = await verifyTotp(auth, enrollment.factorId, code);
          if (!result.ok) return result.message;
          onDone();
          return null;
        }}
      />
    </div>
  );
}

function PhoneSetup({ onDone, onCancel }: { onDone: () => void; onCancel: (factorId: string | null) => void }) {
  const { auth } = useAuthInternals();
  const [pending, setPending] = useState<{ factorId: string; challengeId: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<PhoneFactorValues>({ resolver: zodResolver(phoneFactorSchema), defaultValues: { phone: '' } });

  const onSubmit = handleSubmit(async ({ phone }) => {
    setFormError(null);
    const result = await enrollPhone(auth, phone.replace(/[^0-9+]/g, ''));
    if (result.ok) setPending({ factorId: result.factorId, challengeId: result.challengeId });
    else setFormError(result.message);
  });

  return (
    <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200" data-testid="phone-setup">
      {!pending ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Field label="Mobile phone number" error={errors.phone?.message} className="flex-1">
            <Input {...register('phone')} type="tel" autoComplete="tel" placeholder="+1 555 010 0100" invalid={Boolean(errors.phone)} />
          </Field>
          <div className="flex gap-2 sm:pt-7">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send code'}
            </Button>
            <Button variant="ghost" onClick={() => onCancel(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <CodeForm
          label="Code from the text message"
          onCancel={() => onCancel(pending.factorId)}
          onVerify={async (code) => {
            const result = await verifyChallenge(auth, pending.factorId, pending.challengeId, code);
            if (!result.ok) return result.message;
            onDone();
            return null;
          }}
        />
      )}
      {formError && <FormAlert>{formError}</FormAlert>}
    </div>
  );
}

function factorLabel(factor: Factor): string {
  // GoTrue adds the number to phone factors; the client's type does not list it.
  const phone = (factor as Factor & { phone?: string }).phone;
  return factor.factor_type === 'totp' ? 'Authenticator app' : `Text message${phone ? ` to ${phone}` : ''}`;
}

function FactorList({ factors, onRemove }: { factors: Factor[]; onRemove: (factor: Factor) => void }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200" aria-label="Second factors">
      {factors.map((factor) => {
        const Icon = factor.factor_type === 'totp' ? KeyRound : Smartphone;
        return (
          <li key={factor.id} className="flex items-center gap-3 p-4" data-testid="factor-row">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{factorLabel(factor)}</p>
              {factor.friendly_name && <p className="truncate text-xs text-slate-500">{factor.friendly_name}</p>}
            </div>
            <Badge tone="success">Verified</Badge>
            <Button variant="secondary" size="sm" onClick={() => onRemove(factor)}>
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function RemoveFactorDialog({ factor, onKeep, onRemove }: { factor: Factor | null; onKeep: () => void; onRemove: () => void }) {
  return (
    <Dialog
      open={factor !== null}
      onClose={onKeep}
      title="Remove this sign-in method?"
      description={factor ? `${factorLabel(factor)} will no longer be asked for when you sign in.` : undefined}
      size="sm"
      actions={
        <>
          <Button variant="secondary" onClick={onKeep}>
            Keep it
          </Button>
          <Button variant="danger" onClick={onRemove}>
            Remove
          </Button>
        </>
      }
    />
  );
}

function TwoFactorSection() {
  const { auth } = useAuthInternals();
  const { stale } = useAuth();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [setup, setSetup] = useState<{ kind: 'totp'; enrollment: TotpEnrollment } | { kind: 'phone' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);

  const reload = useCallback(async () => {
    const result = await listFactors(auth);
    if (result.ok) {
      setFactors(result.factors);
      setError(null);
    } else {
      setFactors((current) => current ?? []);
      setError(result.message);
    }
  }, [auth]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const startTotp = async () => {
    setBusy(true);
    setMessage(null);
    setError(null);
    // A set-up left half-way leaves an unverified factor; clear it so names stay unique.
    for (const f of factors ?? []) if (f.status !== 'verified') await removeFactor(auth, f.id);
    const result = await enrollTotp(auth);
    setBusy(false);
    if (result.ok) setSetup({ kind: 'totp', enrollment: result.enrollment });
    else setError(result.message);
  };

  const cancelSetup = async (factorId: string | null) => {
    setSetup(null);
    if (factorId) await removeFactor(auth, factorId);
    await reload();
  };

  const finishSetup = async (text: string) => {
    setSetup(null);
    setMessage(text);
    await reload();
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const target = removing;
    setRemoving(null);
    const result = await removeFactor(auth, target.id);
    if (result.ok) setMessage(`${factorLabel(target)} removed.`);
    else setError(result.message);
    await reload();
  };

  const verified = (factors ?? []).filter((f) => f.status === 'verified');

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="text-base font-semibold text-slate-900">Two-factor authentication</h3>
        <p className="mt-1 text-sm text-slate-600">
          Two-factor authentication asks for a code from your phone after your password, so a stolen password alone cannot open your account.
        </p>
      </div>
      {message && <FormAlert tone="success">{message}</FormAlert>}
      {error && <FormAlert>{error}</FormAlert>}

      {factors === null ? (
        <Spinner label="Loading sign-in methods…" />
      ) : verified.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">Two-factor authentication is off for your account.</p>
      ) : (
        <FactorList factors={verified} onRemove={setRemoving} />
      )}

      {setup?.kind === 'totp' && (
        <TotpSetup
          enrollment={setup.enrollment}
          onDone={() => void finishSetup('Authenticator app added. You will be asked for a code when you sign in.')}
          onCancel={() => void cancelSetup(setup.enrollment.factorId)}
        />
      )}
      {setup?.kind === 'phone' && (
        <PhoneSetup onDone={() => void finishSetup('Phone added. You can now receive sign-in codes by text message.')} onCancel={(id) => void cancelSetup(id)} />
      )}
      {!setup && (
        <div className="flex flex-wrap gap-3">
          <Button icon={<KeyRound aria-hidden="true" className="size-4" />} onClick={() => void startTotp()} disabled={busy || stale}>
            {busy ? 'Preparing…' : 'Set up authenticator app'}
          </Button>
          <Button variant="secondary" icon={<Smartphone aria-hidden="true" className="size-4" />} onClick={() => setSetup({ kind: 'phone' })} disabled={stale}>
            Add phone number
          </Button>
        </div>
      )}

      <RemoveFactorDialog factor={removing} onKeep={() => setRemoving(null)} onRemove={() => void confirmRemove()} />
    </div>
  );
}

/** The settings page's security section: password, second factors, sessions and recent events. */
export function AccountSecurityPanel() {
  const { stale, user } = useAuth();
  return (
    <section id="security" aria-labelledby="security-heading" className="flex flex-col gap-6" data-testid="account-security-panel">
      <h2 id="security-heading" className="text-lg font-semibold text-slate-900">
        Account security
      </h2>
      {stale && <FormAlert tone="info">You are offline. Connect to change your password, sign-in methods or sessions.</FormAlert>}
      <PasswordChangeForm disabled={stale} />
      <hr className="border-slate-200" />
      <TwoFactorSection />
      <hr className="border-slate-200" />
      <SessionControls disabled={stale} />
      {user && (
        <>
          <hr className="border-slate-200" />
          <RecentSecurityEvents account={{ id: user.id, email: user.email ?? null }} />
        </>
      )}
    </section>
  );
}
