// Whether this browser holds a valid customer session for a portal. The customer portal issue
// replaces the inside (encrypted session in storage, checked against customer_sessions); until
// then there is never one, so the guarded portal routes always send the visitor to sign in.
export type CustomerSessionCheck = { status: 'valid'; prospectId: string } | { status: 'none' };

export async function checkCustomerSession(_portalToken: string): Promise<CustomerSessionCheck> {
  return { status: 'none' };
}
