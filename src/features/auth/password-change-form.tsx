// Changing the password from the settings page: the current one first (checked by the auth
// server), the new one under the rules and messages of SPEC.md §5. The server ends the user's
// other sessions when the password changes.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { describeError } from '../../lib/errors';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { passwordMessage } from './password-rules';
import { NewPasswordField } from './new-password-field';
import { useAuthInternals } from './use-auth';

const schema = z
  .object({ current: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((value, ctx) => {
    if (!value.current) ctx.addIssue({ code: 'custom', path: ['current'], message: 'Enter your current password' });
    const message = value.password === '' ? 'Choose a new password' : passwordMessage(value.password);
    if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
    else if (value.confirm !== value.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Passwords do not match' });
  });
type Values = z.infer<typeof schema>;

export function PasswordChangeForm({ disabled }: { disabled: boolean }) {
  const { auth } = useAuthInternals();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, control, setError, reset, formState: { errors, isSubmitting } } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { current: '', password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ current, password: next }) => {
    setDone(false);
    const { error } = await auth.updateUser({ password: next, current_password: current });
    if (!error) {
      reset();
      setDone(true);
      return;
    }
    if (error.code === 'invalid_credentials' || /current password/i.test(error.message)) setError('current', { message: 'The current password is not correct' });
    else if (error.code === 'same_password') setError('password', { message: 'Choose a password different from your current one' });
    else if (error.code === 'weak_password') setError('password', { message: error.message });
    else setError('root', { message: describeError(error).message });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change password" className="flex flex-col gap-4">
      <h3 className="text-base font-semibold text-slate-900">Password</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Current password" error={errors.current?.message} className="md:col-span-2 md:max-w-sm">
          <PasswordInput {...register('current')} autoComplete="current-password" disabled={disabled} />
        </Field>
        <NewPasswordField label="New password" control={control} field={register('password')} error={errors.password?.message} disabled={disabled} />
        <Field label="Confirm new password" error={errors.confirm?.message}>
          <PasswordInput {...register('confirm')} autoComplete="new-password" disabled={disabled} />
        </Field>
      </div>
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      {done && <FormAlert tone="success">Password changed. Your other devices were signed out.</FormAlert>}
      <Button type="submit" variant="secondary" disabled={disabled || isSubmitting} className="self-start">
        {isSubmitting ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
