import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { IdentifierField, NameFields } from './account-fields';
import { passwordMessage } from './password-rules';
import { signUp } from './commands';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';
import { signUpSchema, type SignUpValues } from './schemas';
import { loadAuth, preloadAuth } from './use-auth';

export function SignUpForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', identifier: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });
  // The rules are shown as the user types (SPEC §5), not only after submitting.
  const passwordHint = password ? passwordMessage(password) : '';

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
      <div className="flex flex-col gap-2">
        <Field label="Password" error={passwordHint || errors.password?.message}>
          <PasswordInput {...register('password')} autoComplete="new-password" invalid={Boolean(passwordHint || errors.password)} />
        </Field>
        <PasswordStrengthMeter password={password} />
        <p className="text-xs text-slate-500">8 to 128 characters with upper and lower case letters, a number and a special character.</p>
      </div>
      {formError && <FormAlert testId="sign-up-error">{formError}</FormAlert>}
      <Button ref={submit} type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
