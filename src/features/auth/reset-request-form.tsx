import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { requestPasswordReset } from './commands';
import { FormAlert } from './form-alert';
import { resetRequestSchema, type ResetRequestValues } from './schemas';
import { useAuthInternals } from './use-auth';

export function ResetRequestForm() {
  const { auth } = useAuthInternals();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const result = await requestPasswordReset(auth, email, window.location.origin);
      if (result.ok) setSentTo(email);
      else setFormError(result.message);
    } catch {
      setFormError('Something went wrong. Please try again.');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Reset password">
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
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending…' : sentTo ? 'Send the link again' : 'Send reset link'}
      </Button>
    </form>
  );
}
