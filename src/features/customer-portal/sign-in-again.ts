// A customer portal page whose session the server no longer accepts (revoked, rotated,
// expired): the session is cleared on this device and the browser goes to
// /portal-auth?redirect={this path}.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { endSession, type ActiveSession } from '../../lib/customer-sessions';

export function useSignInAgain(active: ActiveSession | null | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const target = `/portal-auth?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  const refused = useCallback(() => {
    void (active ? endSession(active.record, 'refused') : Promise.resolve()).then(() => navigate(target, { replace: true }));
  }, [active, navigate, target]);
  return { target, refused };
}
