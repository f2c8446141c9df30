import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { prerenderedValue } from '../../lib/prerendered-input';
import { IdentifierField } from './account-fields';
import { browserSignInDeps, signIn } from './commands';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { signInSchema, type SignInValues } from './schemas';
import { loadAuth, preloadAuth } from './use-auth';

export function SignInForm({ resetHref }: { resetHref: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setFocus, formState: { errors, isSubmitting } } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    // What was typed before the app took over the sign-in screen written into auth.html.
    defaultValues: { identifier: prerenderedValue('identifier') ?? '', password: prerenderedValue('password') ?? '' },
    reValidateMode: 'onSubmit',
  });

  // The button is disabled while signing in, which takes focus away; the password is where a
  // keyboard user goes on from after a refusal (the message itself is announced).
  const fail = (message: string) => {
    setFormError(message);
    setFocus('password', { shouldSelect: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { auth, controller, storageKey } = await loadAuth();
      const result = await signIn(
        browserSignInDeps(auth, storageKey, (work) => controller.expectingSignOut(work)),
        values,
      );
      // On success the auth state changes and the page moves on (or asks for the code).
      if (!result.ok) fail(result.message);
    } catch {
      fail('Something went wrong. Please try again.');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={preloadAuth} className="flex flex-col gap-5" aria-label="Sign in">
      <IdentifierField field={register('identifier')} error={errors.identifier?.message} />
      <div className="flex flex-col gap-2">
        <Field label="Password" error={errors.password?.message}>
          <PasswordInput {...register('password')} autoComplete="current-password" invalid={Boolean(errors.password)} />
        </Field>
        <Link to={resetHref} className="self-end text-sm font-medium text-brand-700 hover:text-brand-800">
          Forgot password?
        </Link>
      </div>
      {formError && <FormAlert testId="sign-in-error">{formError}</FormAlert>}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
