import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { cx } from '../../components/ui/cx';
import { PageSpinner } from '../../components/ui/spinner';
import { AuthLayout } from './auth-layout';
import { safeReturnPath, takeReturnPath } from './auth-storage';
import { FormAlert } from './form-alert';
import { MfaChallengeForm } from './mfa-challenge-form';
import { NewPasswordForm } from './new-password-form';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { loadAuth, useAuth } from './use-auth';

function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `/auth?${query}` : '/auth';
}

function ModeSwitch({ params, mode }: { params: URLSearchParams; mode: 'sign-in' | 'sign-up' }) {
  const tab = (target: 'sign-in' | 'sign-up', label: string) => (
    <Link
      to={withParams(params, { mode: target === 'sign-up' ? 'sign-up' : null })}
      replace
      aria-current={mode === target ? 'page' : undefined}
      className={cx(
        'flex-1 rounded-md px-3 py-2 text-center text-sm font-medium transition-colors',
        mode === target ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Sign in or create an account" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
      {tab('sign-in', 'Sign in')}
      {tab('sign-up', 'Create account')}
    </nav>
  );
}

export function AuthPage() {
  const { status, recovery, notice } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [rememberedReturn] = useState(takeReturnPath);
  const redirect = safeReturnPath(params.get('redirect')) ?? rememberedReturn ?? '/';
  const reset = params.get('reset') === 'true';

  if (status === 'loading') {
    return (
      <AuthLayout title="Sign in">
        <PageSpinner label="Checking your session…" />
      </AuthLayout>
    );
  }

  if (status === 'mfa-required') {
    return (
      <AuthLayout title="Two-factor verification" subtitle="Enter the code from your second factor to finish signing in.">
        <MfaChallengeForm />
      </AuthLayout>
    );
  }

  if (status === 'signed-in' && (recovery || reset)) {
    return (
      <AuthLayout title="Set a new password" subtitle="Choose a new password for your account.">
        <NewPasswordForm
          onDone={() => {
            // Signed in through a recovery link: auth is loaded.
            void loadAuth().then(({ controller }) => {
              controller.endRecovery();
              navigate(redirect, { replace: true });
            });
          }}
        />
      </AuthLayout>
    );
  }

  if (status === 'signed-in') return <Navigate to={redirect} replace />;

  if (reset) {
    return (
      <AuthLayout title="Reset your password" subtitle="Enter your email and we will send you a link to set a new password.">
        <ResetRequestForm />
        <p className="mt-6 text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to={withParams(params, { reset: null })} className="font-medium text-brand-700 hover:text-brand-800">
            Back to sign in
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const mode = params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';
  return (
    <AuthLayout
      title={mode === 'sign-up' ? 'Create your account' : 'Welcome back'}
      subtitle={mode === 'sign-up' ? 'Set up your staff account to start building estimates.' : 'Sign in to your staff account.'}
    >
      <ModeSwitch params={params} mode={mode} />
      {notice && mode === 'sign-in' && (
        <div className="mb-5">
          <FormAlert tone="info" testId="auth-notice">
            {notice}
          </FormAlert>
        </div>
      )}
      {mode === 'sign-up' ? <SignUpForm /> : <SignInForm resetHref={withParams(params, { reset: 'true', mode: null })} />}
    </AuthLayout>
  );
}
