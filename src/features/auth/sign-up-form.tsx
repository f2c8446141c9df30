import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { IdentifierField, NameFields } from './account-fields';
import { signUp } from './commands';
import { FormAlert } from './form-alert';
import { NewPasswordField } from './new-password-field';
import { signUpSchema, type SignUpValues } from './schemas';
import { loadAuth, preloadAuth } from './use-auth';

export function SignUpForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  const { register, handleSubmit, control, setError, setFocus, formState: { errors, isSubmitting } } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', identifier: '', password: '' },
  });

  // The button is disabled while it works, which takes focus away: after a refusal focus goes
  // to the field at fault, or back to the button.
  const submit = useRef<HTMLButtonElement>(null);
  const failForm = (message: string) => {
    setFormError(message);
    submit.current?.focus();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { auth } = await loadAuth();
      const result = await signUp(auth, values, window.location.origin);
      if (!result.ok) {
        if (result.field) {
          setError(result.field, { message: result.message });
          setFocus(result.field, { shouldSelect: true });
        } else failForm(result.message);
        return;
      }
      if (result.needsConfirmation) setConfirmationSentTo(values.identifier.trim());
    } catch {
      failForm('Something went wrong. Please try again.');
    }
  });

  if (confirmationSentTo) {
    return (
      <FormAlert tone="success" testId="sign-up-confirmation">
        We sent a confirmation link to <strong>{confirmationSentTo}</strong>. Open it to finish creating your account.
      </FormAlert>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} onFocus={preloadAuth} className="flex flex-col gap-5" aria-label="Create account">
      <NameFields first={register('firstName')} last={register('lastName')} errors={{ first: errors.firstName?.message, last: errors.lastName?.message }} />
      <IdentifierField field={register('identifier')} error={errors.identifier?.message} />
      <NewPasswordField label="Password" control={control} field={register('password')} error={errors.password?.message} showRules />
      {formError && <FormAlert testId="sign-up-error">{formError}</FormAlert>}
      <Button ref={submit} type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
