// The ES256 signing key, kept in Postgres so several processes on one database share it,
// the anon and service_role API keys derived from it, and JWT verification with
// PostgREST's error codes.
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, errors as joseErrors, type JWK, type JWTPayload, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { ApiError } from './errors';

export type Claims = JWTPayload & { role?: string; [key: string]: unknown };

export type Keys = {
  kid: string;
  anonKey: string;
  serviceRoleKey: string;
  jwks: { keys: JWK[] };
  sign(claims: Claims, expiresInSeconds: number): Promise<string>;
  /** Verifies signature, exp/nbf/iat (30 s skew) and aud; throws ApiError 401 PGRST30x. */
  verify(token: string): Promise<Claims>;
};

const TEN_YEARS = 10 * 365 * 24 * 3600;
const ALLOWED_AUDIENCES = new Set(['authenticated']);

async function loadPrivateJwk(db: Db, fromEnv?: string): Promise<JWK & { kid: string }> {
  if (fromEnv) {
    const jwk = JSON.parse(fromEnv) as JWK;
    return { ...jwk, kid: jwk.kid ?? 'env-key' };
  }
  const existing = await db.query<{ private_jwk: JWK & { kid: string } }>(
    'select private_jwk from _local.signing_keys order by created_at, kid limit 1',
  );
  if (existing.rows[0]) return existing.rows[0].private_jwk;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256' };
  // Two processes may race here on first start: the first insert wins and both read it back.
  await db.query('insert into _local.signing_keys (kid, private_jwk) values ($1, $2) on conflict do nothing', [jwk.kid, jwk]);
  const again = await db.query<{ private_jwk: JWK & { kid: string } }>(
    'select private_jwk from _local.signing_keys order by created_at, kid limit 1',
  );
  return again.rows[0]!.private_jwk;
}

function publicJwk(privateJwk: JWK & { kid: string }): JWK {
  const { d: _d, ...pub } = privateJwk;
  void _d;
  return { ...pub, alg: 'ES256', use: 'sig', key_ops: ['verify'], kid: privateJwk.kid };
}

export async function loadKeys(db: Db, options: { issuer: string; privateKeyJson?: string }): Promise<Keys> {
  const privateJwk = await loadPrivateJwk(db, options.privateKeyJson);
  const privateKey = (await importJWK({ ...privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const pub = publicJwk(privateJwk);
  const publicKey = (await importJWK(pub, 'ES256')) as CryptoKey;
  const kid = privateJwk.kid;

  const sign = (claims: Claims, expiresInSeconds: number) => {
    const iat = typeof claims.iat === 'number' ? claims.iat : Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + expiresInSeconds)
      .sign(privateKey);
  };

  const createdAt = Math.floor(Date.now() / 1000);
  const anonKey = await sign({ iss: 'supabase', role: 'anon', ref: 'local', iat: createdAt }, TEN_YEARS);
  const serviceRoleKey = await sign({ iss: 'supabase', role: 'service_role', ref: 'local', iat: createdAt }, TEN_YEARS);

  async function verify(token: string): Promise<Claims> {
    let payload: Claims;
    try {
      ({ payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], clockTolerance: 30 }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, 'PGRST303', 'JWT expired');
      if (error instanceof joseErrors.JWTClaimValidationFailed) throw new ApiError(401, 'PGRST303', `JWT claim validation failed: ${error.message}`);
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw new ApiError(401, 'PGRST301', 'JWT cryptographic operation failed');
      throw new ApiError(401, 'PGRST301', 'JWT could not be decoded');
    }
    const aud = payload.aud;
    if (aud !== undefined) {
      const list = Array.isArray(aud) ? aud : [aud];
      if (!list.some((a) => ALLOWED_AUDIENCES.has(a))) throw new ApiError(401, 'PGRST303', 'JWT not in audience');
    }
    return payload;
  }

  return { kid, anonKey, serviceRoleKey, jwks: { keys: [pub] }, sign, verify };
}
