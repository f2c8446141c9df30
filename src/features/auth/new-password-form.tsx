import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { setNewPassword } from './commands';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { NewPasswordField } from './new-password-field';
import { newPasswordSchema, type NewPasswordValues } from './schemas';
import { useAuthInternals } from './use-auth';

export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const { auth } = useAuthInternals();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, control, setFocus, formState: { errors, isSubmitting } } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password: next }) => {
    setFormError(null);
    try {
      const result = await setNewPassword(auth, next);
      if (result.ok) {
        onDone();
        return;
      }
      setFormError(result.message);
    } catch {
      setFormError('Something went wrong. Please try again.');
    }
    // Focus left with the disabled button; the new password is what to change.
    setFocus('password', { shouldSelect: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Set a new password">
      <NewPasswordField label="New password" control={control} field={register('password')} error={errors.password?.message} />
      <Field label="Confirm new password" error={errors.confirm?.message}>
        <PasswordInput {...register('confirm')} autoComplete="new-password" invalid={Boolean(errors.confirm)} />
      </Field>
      {formError && <FormAlert testId="new-password-error">{formError}</FormAlert>}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}
