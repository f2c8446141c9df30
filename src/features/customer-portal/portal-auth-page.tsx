// /portal-auth: signing in to a customer portal with its link or access code and the code we
// e-mail (?redirect= only to paths of this origin).
import { SignInFlow } from '../../components/portal/sign-in-flow';
import { useSignInTarget } from '../../components/portal/use-sign-in-target';

export function PortalAuthPage() {
  const { initial, onSignedIn, key } = useSignInTarget('customer');
  return <SignInFlow key={key} kind="customer" initial={initial} onSignedIn={onSignedIn} />;
}
