// /prospect-portal-auth: opening a prospect portal with its link or access code (and the
// e-mailed code when the portal asks for it).
import { SignInFlow } from '../../components/portal/sign-in-flow';
import { useSignInTarget } from '../../components/portal/use-sign-in-target';

export function ProspectPortalAuthPage() {
  const { initial, onSignedIn, key } = useSignInTarget('prospect');
  return <SignInFlow key={key} kind="prospect" initial={initial} onSignedIn={onSignedIn} />;
}
