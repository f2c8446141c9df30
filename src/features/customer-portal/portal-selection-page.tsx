// /portal-selection: the customer portals this device holds valid sessions for.
import { SessionList } from '../../components/portal/session-list';

export function PortalSelectionPage() {
  return <SessionList kind="customer" />;
}
