import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CodeInput } from './code-input';
import { FormAlert } from './form-alert';
import { sendPhoneChallenge, verifiedFactors, verifyChallenge, verifyTotp } from './mfa';
import { otpCodeSchema, type OtpCodeValues } from './schemas';
import { useAuth, useAuthInternals } from './use-auth';

export function MfaChallengeForm() {
  const { user, signOut } = useAuth();
  const { auth } = useAuthInternals();
  const factors = verifiedFactors(user?.factors);
  const [factorId, setFactorId] = useState(() => (factors.find((f) => f.factor_type === 'totp') ?? factors[0])?.id ?? '');
  const factor = factors.find((f) => f.id === factorId);
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, setError, setFocus, formState: { errors, isSubmitting } } = useForm<OtpCodeValues>({ resolver: zodResolver(otpCodeSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    if (!factor) return;
    try {
      const result =
        factor.factor_type === 'phone'
          ? challengeId
            ? await verifyChallenge(auth, factor.id, challengeId, code)
            : { ok: false as const, message: 'Send a code to your phone first' }
          : await verifyTotp(auth, factor.id, code);
      // Success arrives as MFA_CHALLENGE_VERIFIED and the page moves on.
      if (result.ok) return;
      setError('code', { message: result.message });
    } catch {
      setFormError('Something went wrong. Please try again.');
    }
    // Focus left with the disabled button; the code is what to type again.
    setFocus('code', { shouldSelect: true });
  });

  const sendCode = async () => {
    if (!factor) return;
    setSending(true);
    setFormError(null);
    const result = await sendPhoneChallenge(auth, factor.id);
    setSending(false);
    if (result.ok) setChallengeId(result.challengeId);
    else setFormError(result.message);
  };

  if (!factor) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert>No second factor was found for this account. Sign in again.</FormAlert>
        <Button variant="secondary" onClick={() => void signOut()}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Two-factor verification">
      {factors.length > 1 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Verify with</legend>
          {factors.map((f) => (
            <label key={f.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="factor"
                value={f.id}
                checked={f.id === factorId}
                onChange={() => {
                  setFactorId(f.id);
                  setChallengeId(null);
                }}
                className="size-4 accent-brand-700"
              />
              {f.factor_type === 'totp' ? 'Authenticator app' : 'Text message'}
              {f.friendly_name ? <span className="text-slate-500">({f.friendly_name})</span> : null}
            </label>
          ))}
        </fieldset>
      )}
      {factor.factor_type === 'phone' && (
        <Button variant="secondary" onClick={() => void sendCode()} disabled={sending}>
          {sending ? 'Sending…' : challengeId ? 'Send a new code' : 'Text me a code'}
        </Button>
      )}
      <Field
        label={factor.factor_type === 'totp' ? 'Code from your authenticator app' : 'Code from the text message'}
        error={errors.code?.message}
      >
        <CodeInput {...register('code')} className="text-center font-mono text-lg tracking-[0.4em]" invalid={Boolean(errors.code)} autoFocus />
      </Field>
      {formError && <FormAlert testId="mfa-error">{formError}</FormAlert>}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Verifying…' : 'Verify'}
      </Button>
      <button type="button" onClick={() => void signOut()} className="text-sm font-medium text-slate-600 hover:text-slate-900">
        Use a different account
      </button>
    </form>
  );
}
