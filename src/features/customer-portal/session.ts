// Whether this browser holds a valid customer session for a portal path (/portal/{key}: a link
// token the session was opened with, or the portal's id). The session must open with this
// device's key and not be expired (otherwise it is cleared here and its row deleted); online,
// the server must still accept it. Offline, the device's judgement stands, so the installed
// portal opens without a connection.
import { endSession, findSession, openSession } from '../../lib/customer-sessions';
import { checkPortalSession } from '../../lib/portal-api';

export type CustomerSessionCheck = { status: 'valid'; prospectId: string } | { status: 'none' };

export async function checkCustomerSession(routeKey: string): Promise<CustomerSessionCheck> {
  const record = await findSession(routeKey, 'customer');
  const active = record ? await openSession(record) : null;
  if (!record || !active) return { status: 'none' };
  // A connection or server failure leaves the decision to the device; only a refusal ends it.
  const server = await checkPortalSession(record.sessionToken).catch(() => undefined);
  if (server === null) {
    await endSession(record, 'refused');
    return { status: 'none' };
  }
  return { status: 'valid', prospectId: active.content.prospect_id };
}
