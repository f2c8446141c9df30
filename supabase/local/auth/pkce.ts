// PKCE flows (auth.flow_state): a flow started with a code challenge ends at /verify with
// ?code= in the redirect, which /token?grant_type=pkce exchanges for a session.
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import { AuthError, badRequest, notFound, validationFailed } from './errors';
import { str, type Body } from './http';

export type Challenge = { challenge: string; method: 's256' | 'plain' };

/** The code challenge a request carries, if any. */
export function readChallenge(body: Body): Challenge | undefined {
  const challenge = str(body, 'code_challenge');
  if (!challenge) return undefined;
  const method = str(body, 'code_challenge_method').toLowerCase();
  if (method !== 's256' && method !== 'plain') throw validationFailed('Code challenge method must be one of s256 or plain');
  if (challenge.length < 43 || challenge.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { challenge, method };
}

export async function createFlowState(tx: Queryable, userId: string, challenge: Challenge, authenticationMethod: string): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, $2, $3, $4, 'email', now(), now(), $5)`,
    [userId, randomUUID(), challenge.method, challenge.challenge, authenticationMethod],
  );
}

/** Marks the user's latest flow for this method as issued and returns its auth code. */
export async function issueAuthCode(tx: Queryable, userId: string, authenticationMethod: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
     returning auth_code`,
    [userId, authenticationMethod],
  );
  return rows[0]?.auth_code;
}

const FLOW_LIFETIME_SECONDS = 300;

/** Consumes a flow state whose challenge the verifier answers; returns its user and method. */
export async function exchangeAuthCode(tx: Queryable, authCode: string, verifier: string): Promise<{ userId: string; method: string }> {
  if (!authCode || !verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  const { rows } = await tx.query<{ id: string; user_id: string | null; code_challenge: string; code_challenge_method: string; authentication_method: string; expired: boolean }>(
    `select id, user_id, code_challenge, code_challenge_method::text as code_challenge_method, authentication_method,
            coalesce(auth_code_issued_at, created_at) + make_interval(secs => $2) < now() as expired
     from auth.flow_state where auth_code = $1 for update`,
    [authCode, FLOW_LIFETIME_SECONDS],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  const computed = flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (computed !== flow.code_challenge) throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
