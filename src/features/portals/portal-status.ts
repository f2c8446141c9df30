// Where a portal stands, as the list and its filters show it.
import type { Portal } from '../../db/collections/portals';

export type PortalStatus = 'active' | 'expired' | 'revoked';

export function portalStatus(portal: Pick<Portal, 'revoked_at' | 'expires_at'>, now = Date.now()): PortalStatus {
  if (portal.revoked_at) return 'revoked';
  if (portal.expires_at && Date.parse(portal.expires_at) <= now) return 'expired';
  return 'active';
}

export const STATUS_LABELS: Record<PortalStatus, { text: string; tone: 'success' | 'warning' | 'danger' }> = {
  active: { text: 'Active', tone: 'success' },
  expired: { text: 'Expired', tone: 'warning' },
  revoked: { text: 'Revoked', tone: 'danger' },
};
