// /invite/{token}: what the invitation is, then the one step that fits who is looking: create an
// account or sign in (the app hands in the auth area's forms), join, or sign out of another
// account. Unknown, expired, revoked and used invitations get one message.
import { MailOpen } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { InviteCard } from './invite-card';
import { useInviteDetails, useJoin } from './queries';
import { INVALID_INVITE, inviteErrorMessage, inviteTokenSchema, type InviteDetails } from './schemas';

type InviteVisitor = { status: 'loading' | 'signed-out' | 'signed-in'; email: string | null; signOut: () => Promise<void> };

type AccountFormsProps = {
  email: string;
  token: string;
  hasAccount: boolean;
  onSignedUp: (result: { needsConfirmation: boolean }) => void;
  onSignedIn: () => void;
};

type Props = { visitor: InviteVisitor; accountForms: (props: AccountFormsProps) => ReactNode };

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <MailOpen className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Accept Invitation</h1>
      </header>
      <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <>
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200" data-testid="invite-problem">
        {message}
      </p>
      <Link to="/auth" className="self-center text-sm font-medium text-brand-700 hover:text-brand-800">
        Go to sign in
      </Link>
    </>
  );
}

function JoinStep({ invite, token, visitor, accountForms }: Props & { invite: InviteDetails; token: string }) {
  const navigate = useNavigate();
  const join = useJoin(token);
  const [confirmSent, setConfirmSent] = useState(false);
  const enter = () => navigate('/', { replace: true });
  const joinNow = () => join.mutate(undefined, { onSuccess: enter });

  if (confirmSent) return <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">We sent a confirmation link to {invite.email}. Open it to finish; you join {invite.organization_name} at once.</p>;
  if (join.isError) return <Problem message={inviteErrorMessage(join.error)} />;
  if (visitor.status === 'loading' || join.isPending) return <Spinner label={join.isPending ? 'Joining…' : 'Checking your session…'} />;
  if (visitor.status === 'signed-out') {
    return accountForms({
      email: invite.email,
      token,
      hasAccount: invite.has_account,
      onSignedUp: ({ needsConfirmation }) => (needsConfirmation ? setConfirmSent(true) : enter()),
      onSignedIn: joinNow,
    });
  }
  if ((visitor.email ?? '').toLowerCase() !== invite.email.toLowerCase()) {
    return (
      <div className="flex flex-col gap-4" data-testid="invite-other-account">
        <p className="text-sm text-slate-700">
          You are signed in as <strong className="break-all">{visitor.email ?? 'another account'}</strong>, but this invitation is for{' '}
          <strong className="break-all">{invite.email}</strong>. Sign out, then sign in or create an account with the invited address.
        </p>
        <Button variant="secondary" onClick={() => void visitor.signOut()}>
          Sign out
        </Button>
      </div>
    );
  }
  return (
    <Button size="lg" onClick={joinNow}>
      Join {invite.organization_name}
    </Button>
  );
}

export function InvitePage(props: Props) {
  const { token = '' } = useParams();
  const wellFormed = inviteTokenSchema.safeParse(token).success;
  const details = useInviteDetails(token, wellFormed);
  let body: ReactNode;
  if (!wellFormed) body = <Problem message={INVALID_INVITE} />;
  else if (details.isPending) body = <Spinner label="Opening the invitation…" />;
  else if (details.isError) body = <Problem message={inviteErrorMessage(details.error)} />;
  else
    body = (
      <>
        <InviteCard invite={details.data} />
        <JoinStep {...props} invite={details.data} token={token} />
      </>
    );
  return <Frame>{body}</Frame>;
}
