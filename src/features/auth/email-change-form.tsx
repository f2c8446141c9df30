// Changing the sign-in e-mail (settings, profile section): the auth server mails a confirmation
// link to the new address; the address changes once it is opened.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { describeError } from '../../lib/errors';
import { FormAlert } from './form-alert';
import { useAuth, useAuthInternals } from './use-auth';

const schema = z.object({ email: z.string().trim().min(1, 'Enter the new e-mail address').pipe(z.email('Enter a valid e-mail address')) });
type Values = z.infer<typeof schema>;

export function EmailChangeForm() {
  const { auth } = useAuthInternals();
  const { user, stale } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const current = user?.email ?? '';
  const pending = sentTo ?? user?.new_email ?? null;

  const onSubmit = handleSubmit(async ({ email }) => {
    if (email.toLowerCase() === current.toLowerCase()) return setError('email', { message: 'This is already your e-mail address' });
    const { error } = await auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}/settings#profile` });
    if (!error) {
      reset();
      setSentTo(email.toLowerCase());
      return;
    }
    if (error.code === 'email_exists') setError('email', { message: 'Another account uses this e-mail address' });
    else setError('root', { message: describeError(error).message });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change e-mail address" className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        You sign in as <strong className="break-all">{current}</strong>.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="New e-mail address" error={errors.email?.message} className="flex-1">
          <Input {...register('email')} type="email" autoComplete="email" disabled={stale} />
        </Field>
        <Button type="submit" variant="secondary" disabled={stale || isSubmitting} className="sm:mt-7">
          {isSubmitting ? 'Sending…' : 'Change e-mail'}
        </Button>
      </div>
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      {pending && (
        <FormAlert tone="info" testId="email-change-pending">
          We sent a confirmation link to <strong>{pending}</strong>. Your e-mail changes when you open it.
        </FormAlert>
      )}
    </form>
  );
}
