import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { isValidEmail } from '#shared/validation';
import { normalizeEmail } from './email-login-service';

interface GoogleClaims extends JWTPayload {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

/** Google's published keys, one fetcher per address: jose caches them and fetches again for an unknown kid (Google rotates its keys). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const JWKS_TTL_MS = 3600_000;
const keySet = (url: string) => {
  let set = keySets.get(url);
  if (!set) keySets.set(url, (set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cacheMaxAge: JWKS_TTL_MS })));
  return set;
};

/** Why a token was refused, for the log (the user only ever sees GOOGLE_LOGIN_FAILED). */
function refusal(e: unknown): string {
  if (e instanceof errors.JWTClaimValidationFailed) return `${e.claim} ${e.reason}`;
  if (e instanceof errors.JOSEError) return `${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Verifies a Google ID token (an RS256 JWT) against Google's published keys with jose: signature,
 * issuer, audience (our client id), expiry; then a verified email. Returns the claims.
 */
export async function verifyGoogleIdToken(deps: Deps, credential: string): Promise<GoogleClaims & { email: string }> {
  const clientId = deps.env.GOOGLE_CLIENT_ID;
  if (!clientId) throw new AppError('GOOGLE_LOGIN_FAILED', 'GOOGLE_CLIENT_ID is not configured');
  let claims: GoogleClaims;
  try {
    const verified = await jwtVerify<GoogleClaims>(credential, keySet(deps.env.GOOGLE_JWKS_URL), {
      algorithms: ['RS256'],
      // Google writes its issuer with and without the scheme.
      issuer: [deps.env.GOOGLE_ISSUER, deps.env.GOOGLE_ISSUER.replace(/^https:\/\//, '')],
      audience: clientId,
      requiredClaims: ['exp', 'sub'],
      currentDate: deps.now(),
    });
    claims = verified.payload;
  } catch (e) {
    throw new AppError('GOOGLE_LOGIN_FAILED', refusal(e));
  }
  if (!claims.email || !(claims.email_verified === true || claims.email_verified === 'true')) throw new AppError('GOOGLE_LOGIN_FAILED', 'email not verified');
  return { ...claims, email: claims.email };
}

/** Finds or creates the account of a Google identity (matched by subject, then by email). */
export async function userForGoogle(deps: Deps, profile: { sub: string; email: string; name?: string }, channel?: string): Promise<string> {
  const email = normalizeEmail(profile.email);
  // The account's address receives its mail (billing): one mailbox, whatever the identity provider says.
  if (!isValidEmail(email)) throw new AppError('GOOGLE_LOGIN_FAILED', `not a single address: ${JSON.stringify(profile.email).slice(0, 200)}`);
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
