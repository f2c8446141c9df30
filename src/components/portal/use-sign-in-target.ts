// Where a portal sign-in page goes afterwards: back to ?redirect= when it is a path of this
// origin that opens the portal just signed in to, otherwise the portal's home. A redirect to a
// portal link brings its token along, so the person only confirms who they are.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { portalTokenSchema, type Credential, type PortalKind } from '../../lib/portal-api';
import { portalHomePath, portalPathKey, safeRedirect } from '../../lib/portal-credential';
import type { SignedIn } from './use-sign-in';

export function useSignInTarget(kind: PortalKind): { initial: Credential | null; onSignedIn: (signedIn: SignedIn) => void; key: string } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const target = portalPathKey(redirect);
  // A portal id (36 characters) is no credential; a link token is.
  const fromLink = target && target.kind === kind && target.key.length > 36 && portalTokenSchema.safeParse(target.key).success ? { token: target.key } : null;
  const onSignedIn = ({ portalId, kind: signedKind, routeKey }: SignedIn) => {
    const back = redirect && target && target.kind === signedKind && (target.key === routeKey || target.key === portalId);
    navigate(back ? redirect : portalHomePath(signedKind, routeKey), { replace: true });
  };
  return { initial: fromLink, onSignedIn, key: redirect ?? '' };
}
