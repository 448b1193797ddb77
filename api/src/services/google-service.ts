import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { normalizeEmail } from './email-login-service';

interface GoogleClaims {
  iss: string;
  aud: string;
  sub: string;
  exp: number;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

type Jwk = JsonWebKey & { kid?: string };
let jwksCache: { url: string; keys: Jwk[]; fetchedAt: number } | undefined;
const JWKS_TTL_MS = 3600_000;

async function signingKeys(url: string, forceRefresh: boolean): Promise<Jwk[]> {
  if (!forceRefresh && jwksCache?.url === url && Date.now() - jwksCache.fetchedAt < JWKS_TTL_MS) return jwksCache.keys;
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new AppError('GOOGLE_LOGIN_FAILED', `jwks ${res.status}`);
  const { keys } = (await res.json()) as { keys: Jwk[] };
  jwksCache = { url, keys, fetchedAt: Date.now() };
  return keys;
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/**
 * Verifies a Google ID token (an RS256 JWT) against Google's published keys: signature, issuer,
 * audience (our client id), expiry and a verified email. Returns the claims.
 */
export async function verifyGoogleIdToken(deps: Deps, credential: string): Promise<GoogleClaims & { email: string }> {
  const clientId = deps.env.GOOGLE_CLIENT_ID;
  if (!clientId) throw new AppError('GOOGLE_LOGIN_FAILED', 'GOOGLE_CLIENT_ID is not configured');
  const parts = credential.split('.');
  if (parts.length !== 3) throw new AppError('GOOGLE_LOGIN_FAILED', 'not a JWT');
  let header: { alg: string; kid?: string };
  let claims: GoogleClaims;
  try {
    header = b64json(parts[0]);
    claims = b64json(parts[1]);
  } catch {
    throw new AppError('GOOGLE_LOGIN_FAILED', 'unreadable JWT');
  }
  if (header.alg !== 'RS256') throw new AppError('GOOGLE_LOGIN_FAILED', `alg ${header.alg}`);
  let key = (await signingKeys(deps.env.GOOGLE_JWKS_URL, false)).find((k) => k.kid === header.kid);
  // Google rotates its keys: an unknown kid means our copy is stale.
  key ??= (await signingKeys(deps.env.GOOGLE_JWKS_URL, true)).find((k) => k.kid === header.kid);
  if (!key) throw new AppError('GOOGLE_LOGIN_FAILED', `unknown kid ${header.kid}`);
  const ok = createVerify('RSA-SHA256').update(`${parts[0]}.${parts[1]}`).verify(createPublicKey({ key, format: 'jwk' }), Buffer.from(parts[2], 'base64url'));
  if (!ok) throw new AppError('GOOGLE_LOGIN_FAILED', 'bad signature');
  const issuers = [deps.env.GOOGLE_ISSUER, deps.env.GOOGLE_ISSUER.replace(/^https:\/\//, '')];
  if (!issuers.includes(claims.iss)) throw new AppError('GOOGLE_LOGIN_FAILED', `iss ${claims.iss}`);
  if (claims.aud !== clientId) throw new AppError('GOOGLE_LOGIN_FAILED', `aud ${claims.aud}`);
  if (!(claims.exp * 1000 > deps.now().getTime())) throw new AppError('GOOGLE_LOGIN_FAILED', 'expired');
  if (!claims.email || !(claims.email_verified === true || claims.email_verified === 'true')) throw new AppError('GOOGLE_LOGIN_FAILED', 'email not verified');
  return { ...claims, email: claims.email };
}

/** Finds or creates the account of a Google identity (matched by subject, then by email). */
export async function userForGoogle(deps: Deps, profile: { sub: string; email: string; name?: string }, channel?: string): Promise<string> {
  const email = normalizeEmail(profile.email);
  const bySub = await deps.db.user.findUnique({ where: { googleSub: profile.sub } });
  if (bySub) return bySub.id;
  const name = (profile.name?.trim() || email.split('@')[0]).slice(0, 20);
  const user = await deps.db.user.upsert({
    where: { email },
    create: { email, name, googleSub: profile.sub, channel },
    update: { googleSub: profile.sub },
  });
  return user.id;
}
