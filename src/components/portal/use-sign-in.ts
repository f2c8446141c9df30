// Signing in to a portal, step by step, through TanStack Query mutations: read the link or
// code, e-mail the one-time code, sign in (the sealed session blob is made before the call
// and kept with the session after it). A device that already holds a good session of the
// portal goes straight in.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { addRouteKey, findSession, keepSession, openSession, prepareSession } from '../../lib/customer-sessions';
import { describeError } from '../../lib/errors';
import { fetchSignInOptions, sendSignInCode, signInToPortal, type CodeSent, type Credential, type PortalKind, type SignInOptions } from '../../lib/portal-api';
import { tooManyRequestsMessage } from '../../lib/send-until-answered';

export type SignedIn = { portalId: string; kind: PortalKind; routeKey: string };

export type Step =
  | { name: 'credential' }
  | { name: 'checking' }
  | { name: 'contact'; credential: Credential; options: SignInOptions }
  | { name: 'code'; credential: Credential; options: SignInOptions; prospectId: string; sent: CodeSent }
  | { name: 'signing-in' };

export const NOT_A_PORTAL = 'This link or code does not open a portal. Please use the latest link or code you received, or ask the business for a new one.';

function problemOf(error: unknown): string {
  return tooManyRequestsMessage(error) ?? describeError(error).userMessage;
}

export function useSignIn(onSignedIn: (signedIn: SignedIn) => void) {
  const [step, setStep] = useState<Step>({ name: 'credential' });
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setStep({ name: 'credential' });
    setError(message);
  };

  const finish = (credential: Credential, portalId: string, kind: PortalKind) =>
    onSignedIn({ portalId, kind, routeKey: 'token' in credential ? credential.token : portalId });

  const signIn = useMutation({
    mutationFn: async ({ credential, options, challenge, code, prospectId }: { credential: Credential; options: SignInOptions; challenge: string | null; code: string | null; prospectId: string }) => {
      const sealed = await prepareSession(prospectId);
      const result = await signInToPortal(credential, challenge, code, sealed.data);
      if (result?.status === 'signed_in') {
        const label = { name: options.name, organization: options.organization.name, brandColor: options.brand_color || options.organization.brand_color, logo: options.organization.logo };
        await keepSession({ sessionToken: result.session_token, expiresAt: result.expires_at, portalId: result.portal_id, kind: result.kind }, sealed, label, 'token' in credential ? credential.token : null);
      }
      return result;
    },
  });

  const sendCode = useMutation({ mutationFn: ({ credential, prospectId }: { credential: Credential; prospectId: string }) => sendSignInCode(credential, prospectId) });

  const open = useMutation({
    mutationFn: async (credential: Credential) => {
      const options = await fetchSignInOptions(credential);
      if (!options) return { options: null, resumed: false };
      const existing = await findSession(options.portal_id, options.kind);
      const resumed = Boolean(existing && (await openSession(existing)));
      if (resumed && 'token' in credential) await addRouteKey(options.portal_id, credential.token);
      return { options, resumed };
    },
  });

  async function begin(credential: Credential) {
    setError(null);
    setStep({ name: 'checking' });
    try {
      const { options, resumed } = await open.mutateAsync(credential);
      if (!options) return fail(NOT_A_PORTAL);
      if (resumed) return finish(credential, options.portal_id, options.kind);
      if (options.needs_code) return setStep({ name: 'contact', credential, options });
      const prospect = options.contacts[0]?.id;
      if (!prospect) return fail(NOT_A_PORTAL);
      await complete(credential, options, null, null, prospect);
    } catch (e) {
      setStep({ name: 'credential' });
      setError(problemOf(e));
    }
  }

  async function requestCode(credential: Credential, options: SignInOptions, prospectId: string) {
    setError(null);
    try {
      const sent = await sendCode.mutateAsync({ credential, prospectId });
      if (!sent) return fail(NOT_A_PORTAL);
      setStep({ name: 'code', credential, options, prospectId, sent });
    } catch (e) {
      setError(problemOf(e));
    }
  }

  async function complete(credential: Credential, options: SignInOptions, challenge: string | null, code: string | null, prospectId: string) {
    setError(null);
    try {
      const result = await signIn.mutateAsync({ credential, options, challenge, code, prospectId });
      if (!result) return fail(NOT_A_PORTAL);
      if (result.status === 'wrong_code') return setError(`That code is not right. ${result.attempts_left > 0 ? `${result.attempts_left} ${result.attempts_left === 1 ? 'try' : 'tries'} left.` : 'Send a new code.'}`);
      if (result.status === 'code_expired') return (setStep({ name: 'contact', credential, options }), setError('That code has expired or was used up. Send a new one.'));
      finish(credential, result.portal_id, result.kind);
    } catch (e) {
      setError(problemOf(e));
    }
  }

  const busy = open.isPending || sendCode.isPending || signIn.isPending;
  return { step, error, busy, begin, requestCode, complete, fail };
}
