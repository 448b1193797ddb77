import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleUser {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

/**
 * A local server that speaks Google's OIDC protocol: a JWKS endpoint, an authorization endpoint
 * that approves at once, a token endpoint and userinfo. It signs ID tokens with its own RSA key.
 */
export async function startGoogleStandIn(clientId: string, clientSecret: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  let nextUser: GoogleUser = { sub: '1000', email: 'ada@example.com', name: 'Ada' };
  const codes = new Map<string, GoogleUser>();
  const tokens = new Map<string, GoogleUser>();
  let issuer = '';

  const sign = (claims: Record<string, unknown>, key = privateKey, headerKid = kid) => {
    const head = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: headerKid })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const sig = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key).toString('base64url');
    return `${head}.${body}.${sig}`;
  };
  const idToken = (user: GoogleUser, overrides: Record<string, unknown> = {}) =>
    sign({ iss: issuer, aud: clientId, sub: user.sub, email: user.email, email_verified: user.email_verified ?? true, name: user.name, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600, ...overrides });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url!, issuer);
    const body = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/certs') return json(200, { keys: [jwk] });
    if (url.pathname === '/auth') {
      if (url.searchParams.get('client_id') !== clientId) return json(400, { error: 'invalid_client' });
      const code = randomBytes(12).toString('hex');
      codes.set(code, nextUser);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString() : '';
      const [id, secret] = basic ? basic.split(':').map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')];
      if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
      const user = codes.get(form.get('code') ?? '');
      if (!user) return json(400, { error: 'invalid_grant' });
      codes.delete(form.get('code')!);
      const access = randomBytes(16).toString('hex');
      tokens.set(access, user);
      return json(200, { access_token: access, token_type: 'Bearer', expires_in: 3600, id_token: idToken(user) });
    }
    if (url.pathname === '/userinfo') {
      // Like Google, the bearer token may come in the header or as the access_token parameter.
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, '') || (url.searchParams.get('access_token') ?? ''));
      if (!user) return json(401, { error: 'invalid_token' });
      return json(200, { sub: user.sub, email: user.email, email_verified: user.email_verified ?? true, name: user.name, given_name: user.name });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_ISSUER: issuer,
      GOOGLE_JWKS_URL: `${issuer}/certs`,
      GOOGLE_AUTH_URL: `${issuer}/auth`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    },
    idToken,
    /** A token signed by a key Google never published. */
    forgedIdToken: (user: GoogleUser) => sign({ iss: issuer, aud: clientId, sub: user.sub, email: user.email, email_verified: true, exp: Math.floor(Date.now() / 1000) + 3600 }, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
    setNextUser(user: GoogleUser) {
      nextUser = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
