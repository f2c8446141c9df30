// The account part of /invite/{token}, handed to the invites area by the app: create an account
// with the invited address (the sign-up carries the invite token, so the server joins the
// organization at once), or sign in to an existing one; and who is signed in right now.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { NameFields } from './account-fields';
import { describeError } from '../../lib/errors';
import { browserSignInDeps, signIn } from './commands';
import { FormAlert } from './form-alert';
import { NewPasswordField } from './new-password-field';
import { PasswordInput } from './password-input';
import { passwordMessage } from './password-rules';
import { useAuth, useAuthInternals } from './use-auth';

export type InviteVisitor = { status: 'loading' | 'signed-out' | 'signed-in'; email: string | null; signOut: () => Promise<void> };

/** Who is looking at the invite: nobody, or a signed-in user and their address. */
export function useInviteVisitor(): InviteVisitor {
  const { status, user, signOut } = useAuth();
  const state = status === 'loading' ? 'loading' : status === 'signed-out' ? 'signed-out' : 'signed-in';
  return { status: state, email: user?.email ?? null, signOut };
}

export type InviteAccountProps = {
  email: string;
  token: string;
  hasAccount: boolean;
  /** Signed up: the server joined the organization already (or will once the e-mail is confirmed). */
  onSignedUp: (result: { needsConfirmation: boolean }) => void;
  /** Signed in to an existing account: the page joins now. */
  onSignedIn: () => void;
};

const signUpSchema = z
  .object({
    firstName: z.string().trim().min(1, 'Enter your first name').max(100, 'First name must be 100 characters or fewer'),
    lastName: z.string().trim().min(1, 'Enter your last name').max(100, 'Last name must be 100 characters or fewer'),
    password: z.string(),
  })
  .superRefine((value, ctx) => {
    const message = value.password === '' ? 'Choose a password' : passwordMessage(value.password);
    if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
  });
type SignUpValues = z.infer<typeof signUpSchema>;

function InviteSignUp({ email, token, onSignedUp }: Pick<InviteAccountProps, 'email' | 'token' | 'onSignedUp'>) {
  const { auth } = useAuthInternals();
  const { register, handleSubmit, control, setError, formState: { errors, isSubmitting } } = useForm<SignUpValues>({ resolver: zodResolver(signUpSchema), defaultValues: { firstName: '', lastName: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const { data, error } = await auth.signUp({
      email,
      password: values.password,
      options: {
        emailRedirectTo: window.location.origin,
        data: { first_name: values.firstName.trim(), last_name: values.lastName.trim(), invite_token: token },
      },
    });
    if (error) {
      const exists = error.code === 'user_already_exists' || error.code === 'email_exists';
      setError(exists ? 'password' : 'root', { message: exists ? 'An account with this e-mail already exists. Sign in instead.' : describeError(error).message });
      return;
    }
    onSignedUp({ needsConfirmation: !data.session });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Create your account">
      <NameFields first={register('firstName')} last={register('lastName')} errors={{ first: errors.firstName?.message, last: errors.lastName?.message }} />
      <input type="email" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordField label="Choose a password" control={control} field={register('password')} error={errors.password?.message} showRules />
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account…' : 'Create account and join'}
      </Button>
    </form>
  );
}

function InviteSignIn({ email, onSignedIn }: Pick<InviteAccountProps, 'email' | 'onSignedIn'>) {
  const { auth, controller, storageKey } = useAuthInternals();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password');
    setBusy(true);
    setError(null);
    const result = await signIn(browserSignInDeps(auth, storageKey, (work) => controller.expectingSignOut(work)), { identifier: email, password }).catch(() => ({
      ok: false as const,
      message: 'Something went wrong. Please try again.',
    }));
    setBusy(false);
    if (result.ok) onSignedIn();
    else setError(result.message);
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label="Sign in to join">
      <input type="email" value={email} autoComplete="username" readOnly hidden />
      <Field label="Password" error={error ?? undefined}>
        <PasswordInput value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" invalid={Boolean(error)} />
      </Field>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? 'Signing in…' : 'Sign in and join'}
      </Button>
    </form>
  );
}

export function InviteAccountForms(props: InviteAccountProps) {
  const [mode, setMode] = useState<'sign-up' | 'sign-in'>(props.hasAccount ? 'sign-in' : 'sign-up');
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-700">
        {mode === 'sign-up' ? 'Create your account with ' : 'Sign in as '}
        <strong className="break-all">{props.email}</strong>.
      </p>
      {mode === 'sign-up' ? <InviteSignUp {...props} /> : <InviteSignIn {...props} />}
      <button type="button" onClick={() => setMode(mode === 'sign-up' ? 'sign-in' : 'sign-up')} className="self-center text-sm font-medium text-brand-700 hover:text-brand-800">
        {mode === 'sign-up' ? 'I already have an account: sign in' : 'I am new here: create an account'}
      </button>
    </div>
  );
}
