import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { requestPasswordReset } from './commands';
import { FormAlert } from './form-alert';
import { resetRequestSchema, type ResetRequestValues } from './schemas';
import { loadAuth, preloadAuth } from './use-auth';

export function ResetRequestForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });

  // The button is disabled while it sends, which takes focus away; it gets it back after, so
  // "Send the link again" is one Enter away.
  const submit = useRef<HTMLButtonElement>(null);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const { auth } = await loadAuth();
      const result = await requestPasswordReset(auth, email, window.location.origin);
      if (result.ok) setSentTo(email);
      else setFormError(result.message);
    } catch {
      setFormError('Something went wrong. Please try again.');
    }
    submit.current?.focus();
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={preloadAuth} className="flex flex-col gap-5" aria-label="Reset password">
      <Field label="Email" error={errors.email?.message}>
        <Input
          {...register('email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@company.com"
          invalid={Boolean(errors.email)}
        />
      </Field>
      {sentTo && (
        <FormAlert tone="success" testId="reset-sent">
          If an account exists for <strong>{sentTo}</strong>, a link to reset the password is on its way. It works once.
        </FormAlert>
      )}
      {formError && <FormAlert testId="reset-error">{formError}</FormAlert>}
      <Button ref={submit} type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending…' : sentTo ? 'Send the link again' : 'Send reset link'}
      </Button>
    </form>
  );
}
