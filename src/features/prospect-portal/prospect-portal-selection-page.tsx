// /prospect-portal-selection: the prospect portals this device holds valid sessions for.
import { SessionList } from '../../components/portal/session-list';

export function ProspectPortalSelectionPage() {
  return <SessionList kind="prospect" />;
}
