import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../api/src/services/email-login-service';
import { loadEnv, type Env } from '#shared/env';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { startGoogleStandIn } from '../support/google-stand-in';
import { latestLoginLink } from '../support/outbox';
import { startStack, type Stack } from '../support/stack';

const unique = (name: string) => `${name}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []).find((c) => c.startsWith(`${name}=`));
const cookieValue = (res: { headers: Record<string, unknown> }, name: string) => cookieNamed(res, name)?.split(';')[0].slice(name.length + 1);

describe('accounts: email link, Google, sessions, history', () => {
  let stack: Stack;
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let clock = new Date();
  beforeAll(async () => {
    google = await startGoogleStandIn('sheaf-test.apps.googleusercontent.com', 'test-secret');
    stack = await startStack({ ...google.env, DOWNLOAD_POLICY: 'login' });
    stack.deps.now = () => clock;
  });
  afterAll(async () => {
    await stack.stop();
    await google.close();
  });
  const now = () => {
    clock = new Date();
  };

  /** Signs a fresh visitor up through the emailed link; returns the visitor (now signed in). */
  async function signUp(email: string, name = 'Ada') {
    const v = visitor(stack.app);
    const sent = await v.agent.post('/api/user/emailLogin').send({ email, name, clientId: 'c1', channel: 'test', sign: 'ignored' });
    expect(sent.body).toMatchObject({ code: 0, data: 1 });
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    const res = await v.agent.post('/api/user/emailLogin').send({ email: link.searchParams.get('email'), token: link.searchParams.get('token'), clientId: 'c1' });
    expect(res.body.code).toBe(0);
    return { v, link, res };
  }

  it('signs up and logs in with single-use, expiring email links', async () => {
    now();
    const email = unique('ada');
    expect((await visitor(stack.app).agent.post('/api/user/checkEmail').send({ email })).body).toEqual({ code: 0, data: false });
    const { v, link, res } = await signUp(email);
    expect(res.body.data.userInfo.userName).toBe('Ada');
    expect(res.body.data.vipInfo).toEqual({ isVip: false, isTimeVip: false, isAiTimeVip: false, vipName: '', aiVipName: '', isSubscript: false });
    const cookie = cookieNamed(res, 'sheafUserToken')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect((await v.agent.get('/api/user/getUserInfo')).body.data.userInfo.userName).toBe('Ada');

    const reused = await visitor(stack.app).agent.post('/api/user/emailLogin').send({ email, token: link.searchParams.get('token') });
    expect(reused.body).toMatchObject({ code: 1003, message: 'This login link has expired or was already used. Enter your email to get a new one.' });
    expect((await visitor(stack.app).agent.post('/api/user/checkEmail').send({ email })).body.data).toBe(true);
    expect((await visitor(stack.app).agent.post('/api/user/emailLogin').send({ email, name: 'Ada' })).body.message).toBe(
      'An account already exists with this email. Log in to continue.',
    );

    const later = visitor(stack.app);
    await later.agent.post('/api/user/emailLogin').send({ email });
    const loginLink = latestLoginLink(stack.deps.env.DATA_DIR, email);
    clock = new Date(Date.now() + 16 * 60_000);
    const expired = await later.agent.post('/api/user/emailLogin').send({ email, token: loginLink.searchParams.get('token') });
    expect(expired.body.code).toBe(1003);
  });

  it('validates the form fields with the spec messages', async () => {
    now();
    const v = visitor(stack.app);
    expect((await v.agent.post('/api/user/emailLogin').send({ email: '.bad@x.com', name: 'Ada' })).body.message).toBe('Enter a valid email address');
    expect((await v.agent.post('/api/user/emailLogin').send({ email: unique('n'), name: 'A' })).body.message).toBe('Name should be 2–20 characters');
    expect((await v.agent.post('/api/user/emailLogin').send({ email: unique('nobody') })).body.message).toBe(
      'There is no account with this email yet. Sign up to continue.',
    );
  });

  it('limits link requests per address with code 410', async () => {
    now();
    const email = unique('flood');
    const v = visitor(stack.app);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await v.agent.post('/api/user/emailLogin').send({ email, name: 'Flo' }));
    expect(answers[3].status).toBe(429);
    expect(answers[3].body).toMatchObject({ code: 410, message: 'Too many requests. Please wait a moment and try again.' });
    // When the window ends: what the page turns into "Try again in 15 minutes".
    const [, windowSeconds] = LIMITS.perEmailIp;
    expect(answers[3].body.retryAfter).toBeGreaterThan(windowSeconds - 60);
    expect(answers[3].body.retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(answers[3].headers['retry-after']).toBe(String(answers[3].body.retryAfter));
  });

  it('changes the account name, 2 to 20 characters, from a session only', async () => {
    now();
    const { v } = await signUp(unique('rename'));
    const renamed = await v.agent.post('/api/user/updateName').send({ name: '  Ada Lovelace ' });
    expect(renamed.body).toMatchObject({ code: 0, data: { userInfo: { userName: 'Ada Lovelace' } } });
    expect((await v.agent.get('/api/user/getUserInfo')).body.data.userInfo.userName).toBe('Ada Lovelace');
    expect((await v.agent.post('/api/user/updateName').send({ name: 'A' })).body).toMatchObject({ code: 400, error: 'INVALID_NAME' });
    expect((await visitor(stack.app).agent.post('/api/user/updateName').send({ name: 'Mallory' })).status).toBe(401);
    const key = (await v.agent.post('/api/user/apiKeys').send({ name: 'script' })).body.data.key as string;
    const byKey = await request(stack.app).post('/api/user/updateName').set('Authorization', `Bearer ${key}`).send({ name: 'Key' });
    expect(byKey.body.error).toBe('FORBIDDEN');
    expect((await v.agent.get('/api/user/getUserInfo')).body.data.userInfo.userName).toBe('Ada Lovelace');
  });

  it('deletes an account with its tasks, stored files, AI documents, keys, signatures and sessions', async () => {
    now();
    const email = unique('leaving');
    const { v } = await signUp(email, 'Leo');
    const user = await stack.deps.db.user.findUniqueOrThrow({ where: { email } });
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const task = await v.waitForTask((await v.agent.post('/api/miaohui/file/transfer').send({ toolType: 'split-pdf', token, splitcount: 7 })).body.id);
    expect(task.code).toBe(1000);
    const aiUpload = await v.agent.post('/api/miaohui/file/uploadAiPdf').attach('file', fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'));
    const added = await v.agent.post('/api/dhjai/addFile').send({ token: aiUpload.body.token });
    expect(added.body.code).toBe(0);
    const key = (await v.agent.post('/api/user/apiKeys').send({ name: 'script' })).body.data.key as string;
    expect((await v.agent.post('/api/user/signatures').send({ signature: { kind: 'type', text: 'Leo', color: '#1a237e' } })).body.code).toBe(0);
    expect((await v.agent.post('/api/contact').send({ email, body: 'Hello' })).body.code).toBe(0);
    const document = await stack.deps.db.aiDocument.findUniqueOrThrow({ where: { documentId: added.body.data.documentId } });

    const files = await stack.deps.db.file.findMany({ where: { OR: [{ userId: user.id }, { task: { userId: user.id } }] } });
    const storageKeys = [...files.map((f) => f.storageKey), document.storageKey!];
    expect(files.filter((f) => f.role === 'OUTPUT').length).toBeGreaterThan(1);
    for (const k of storageKeys) expect(await stack.deps.store.size(k)).toBeGreaterThan(0);

    // A session, not a key, and the account's own address.
    expect((await request(stack.app).post('/api/user/deleteAccount').set('Authorization', `Bearer ${key}`).send({ email })).body.error).toBe('FORBIDDEN');
    expect((await v.agent.post('/api/user/deleteAccount').send({ email: unique('someone') })).body.error).toBe('ILLEGAL_INPUT');
    expect(await stack.deps.db.user.count({ where: { id: user.id } })).toBe(1);

    const gone = await v.agent.post('/api/user/deleteAccount').send({ email: email.toUpperCase() });
    expect(gone.body).toEqual({ code: 0, data: true });
    expect(cookieNamed(gone, 'sheafUserToken')).toMatch(/Expires=Thu, 01 Jan 1970/);
    const db = stack.deps.db;
    const left = await Promise.all([
      db.user.count({ where: { id: user.id } }),
      db.session.count({ where: { userId: user.id } }),
      db.task.count({ where: { id: task.id } }),
      db.file.count({ where: { id: { in: files.map((f) => f.id) } } }),
      db.aiDocument.count({ where: { id: document.id } }),
      db.aiChunk.count({ where: { documentId: document.id } }),
      db.apiKey.count({ where: { userId: user.id } }),
      db.savedSignature.count({ where: { userId: user.id } }),
      db.contactMessage.count({ where: { email } }),
      db.emailLoginToken.count({ where: { email } }),
    ]);
    expect(left).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for (const k of storageKeys) await expect(stack.deps.store.size(k), k).rejects.toThrow();
    expect((await v.agent.get('/api/user/getUserInfo')).body.code).toBe(519);
    expect((await request(stack.app).get('/api/user/getUserInfo').set('Authorization', `Bearer ${key}`)).status).toBe(401);
    expect((await v.agent.get(task.result.pdfurls![0])).status).not.toBe(200);
    // The address can sign up again, as a new account.
    const again = await visitor(stack.app).agent.post('/api/user/loginLink').send({ email });
    expect(again.body).toMatchObject({ code: 0, data: 1 });
  });

  it('expires sessions and logs out server-side', async () => {
    now();
    const { v } = await signUp(unique('sess'));
    clock = new Date(Date.now() + 31 * 24 * 3600_000);
    const stale = await v.agent.get('/api/user/getUserInfo');
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe(519);
    expect(cookieNamed(stale, 'sheafUserToken')).toMatch(/Expires=Thu, 01 Jan 1970/);

    now();
    const again = await signUp(unique('out'));
    expect((await again.v.agent.post('/api/user/logout')).body.code).toBe(0);
    expect((await again.v.agent.get('/api/user/getUserInfo')).body.code).toBe(519);
  });

  it('moves the visitor work to the account and keeps users apart', async () => {
    now();
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const task = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token, splitcount: 7 })).body.id);
    expect((await v.agent.get(task.result.pdfurls![0])).status).toBe(401);

    const email = unique('owner');
    await v.agent.post('/api/user/emailLogin').send({ email, name: 'Owner' });
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    await v.agent.post('/api/user/emailLogin').send({ email, token: link.searchParams.get('token') });
    const history = await v.agent.post('/api/miaohui/file/historyTasks').send({ pageNum: 1, pageSize: 10 });
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.list[0]).toMatchObject({ id: task.id, tool: 'split-pdf', status: 'successful', name: 'pdfjs_tracemonkey.pdf' });
    expect((await v.agent.get(task.result.pdfurls![0])).status).toBe(200);

    const { v: other } = await signUp(unique('other'), 'Other');
    expect((await other.agent.post('/api/miaohui/file/historyTasks').send({ pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);
    expect((await other.progress(task.id)).status).toBe(404);
    expect((await other.agent.get(task.result.pdfurls![0])).status).toBe(404);
    expect((await other.agent.post('/api/miaohui/file/deleteTasks').send({ ids: [task.id] })).body.data).toBe(0);

    expect((await v.agent.post('/api/miaohui/file/deleteTasks').send({ ids: [task.id] })).body.data).toBe(1);
    expect((await v.agent.post('/api/miaohui/file/historyTasks').send({ pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);
    expect((await v.agent.get(task.result.pdfurls![0])).status).toBe(410);
    expect((await visitor(stack.app).agent.post('/api/miaohui/file/historyTasks').send({})).status).toBe(401);
  });

  it('signs in with a Google ID token verified against the published keys', async () => {
    now();
    const v = visitor(stack.app);
    const user = { sub: 'g-1', email: unique('g'), name: 'Grace Hopper' };
    const ok = await v.agent.post('/api/user/googleLogin').send({ token: google.idToken(user), clientId: 'c1' });
    expect(ok.body).toMatchObject({ code: 0, data: { userInfo: { userName: 'Grace Hopper' } } });
    // The session is the HttpOnly cookie alone.
    expect(ok.body.data).not.toHaveProperty('token');
    expect(JSON.stringify(ok.body)).not.toContain(cookieValue(ok, 'sheafUserToken')!);
    for (const bad of [
      google.forgedIdToken(user),
      google.idToken(user, { aud: 'someone-else' }),
      google.idToken(user, { iss: 'https://accounts.example.com' }),
      google.idToken(user, { exp: 1 }),
      google.idToken({ ...user, email_verified: false }),
      // An identity whose address is a list: the account's mail (billing) would go to both.
      google.idToken({ sub: 'g-list', email: `${user.email},spy@evil.test`, name: 'Spy' }),
    ]) {
      const res = await visitor(stack.app).agent.post('/api/user/googleLogin').send({ token: bad });
      expect(res.body).toMatchObject({ code: 1004, message: 'Login failed' });
    }
  });

  it('signs in through the Google redirect flow', async () => {
    now();
    const v = visitor(stack.app);
    google.setNextUser({ sub: 'g-2', email: unique('redirect'), name: 'Alan' });
    const start = await v.agent.get('/api/user/google');
    expect(start.status).toBe(302);
    const auth = await fetch(start.headers.location, { redirect: 'manual' });
    const back = new URL(auth.headers.get('location')!);
    const done = await v.agent.get(`${back.pathname}${back.search}`);
    expect(done.status).toBe(302);
    expect(cookieNamed(done, 'sheafUserToken')).toBeTruthy();
    expect((await v.agent.get('/api/user/getUserInfo')).body.data.userInfo.userName).toBe('Alan');

    const forged = visitor(stack.app);
    const res = await forged.agent.get(`${back.pathname}?code=x&state=${back.searchParams.get('state')}`);
    // The person is sent back to the site, which explains; no session is made.
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/?loginError=GOOGLE_LOGIN_FAILED');
    expect(cookieNamed(res, 'sheafUserToken')).toBeFalsy();
  });

  it('builds mailed links from PUBLIC_URL whatever Host the request names', async () => {
    now();
    const email = unique('host');
    const sent = await visitor(stack.app).agent.post('/api/user/emailLogin').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example').send({ email, name: 'Hal' });
    expect(sent.body.code).toBe(0);
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    expect(link.origin).toBe(stack.baseUrl);
    expect(link.pathname).toBe('/');
    // Unset, PUBLIC_URL is the local address the api listens on (what scripts/start.sh prints).
    const { DATABASE_URL, REDIS_URL } = process.env;
    expect(loadEnv({ DATABASE_URL, REDIS_URL, PORT: '8123' }).PUBLIC_URL).toBe('http://localhost:8123');
    expect(loadEnv({ DATABASE_URL, REDIS_URL, PUBLIC_URL: 'https://pdf.example.org/' }).PUBLIC_URL).toBe('https://pdf.example.org');
  });

  it('limits address checks per IP with code 410', async () => {
    now();
    const ip = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    // Behind a proxy the api is told to believe (TRUST_PROXY), which names each client's address.
    const env: Env = { ...stack.deps.env, TRUST_PROXY: ['loopback'] };
    const behindProxy = stack.anotherApp({ ...stack.deps, env });
    const check = (from: string) => request(behindProxy).post('/api/user/checkEmail').set('X-Forwarded-For', from).send({ email: unique('probe') });
    const [budget] = LIMITS.checkPerIp;
    for (let i = 0; i < budget; i++) expect((await check(ip)).body).toEqual({ code: 0, data: false });
    const refused = await check(ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 410, message: 'Too many requests. Please wait a moment and try again.' });
    expect((await check('198.51.100.7')).body.code).toBe(0);
  });

  it("keeps a signed-out account's work from whoever uses the browser next", async () => {
    now();
    const v = visitor(stack.app);
    const before = cookieValue(await v.agent.get('/api/user/getUserInfo'), 'sheafVisitor');
    const email = unique('alice');
    await v.agent.post('/api/user/emailLogin').send({ email, name: 'Alice' });
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    const login = await v.agent.post('/api/user/emailLogin').send({ email, token: link.searchParams.get('token') });
    const whileSignedIn = cookieValue(login, 'sheafVisitor');
    expect(whileSignedIn).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(whileSignedIn).not.toBe(before);

    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const task = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token, splitcount: 7 })).body.id);
    const part = task.result.pdfurls![0];
    expect((await v.agent.get(part)).status).toBe(200);
    const logout = await v.agent.post('/api/user/logout');
    expect(cookieValue(logout, 'sheafVisitor')).not.toBe(whileSignedIn);

    const reachable = async (asks: (r: request.Test) => request.Test, call: (path: string, body?: object) => request.Test) => [
      (await asks(call('/api/miaohui/file/transferProgress', { id: task.id }))).status,
      (await asks(call(`/api/miaohui/file/download/${token}`))).status,
      (await asks(call(part))).status,
      (await asks(call('/api/miaohui/file/unLoginTransfer', { toolType: 'split-pdf', token, splitcount: 7 }))).status,
    ];
    const agentCall = (path: string, body?: object) => (body ? v.agent.post(path).send(body) : v.agent.get(path));
    const keep = (r: request.Test) => r;
    // The same browser, signed out.
    expect(await reachable(keep, agentCall)).toEqual([404, 404, 404, 404]);
    // Someone holding the visitor id the browser had while Alice was signed in.
    const bare = (path: string, body?: object) => (body ? request(stack.app).post(path).send(body) : request(stack.app).get(path));
    expect(await reachable((r) => r.set('Cookie', `sheafVisitor=${whileSignedIn}`), bare)).toEqual([404, 404, 404, 404]);
    // Bob signing in in the same browser.
    const bob = unique('bob');
    await v.agent.post('/api/user/emailLogin').send({ email: bob, name: 'Bob' });
    await v.agent.post('/api/user/emailLogin').send({ email: bob, token: latestLoginLink(stack.deps.env.DATA_DIR, bob).searchParams.get('token') });
    expect((await v.agent.get('/api/user/getUserInfo')).body.data.userInfo.userName).toBe('Bob');
    expect(await reachable(keep, agentCall)).toEqual([404, 404, 404, 404]);
    expect((await v.agent.post('/api/miaohui/file/historyTasks').send({ pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);
  });

  it('marks cookies Secure for HTTPS: through a trusted proxy, or when PUBLIC_URL is https', async () => {
    now();
    // Another api on the same services, its TRUST_PROXY and PUBLIC_URL read as at boot.
    const appWith = (vars: Record<string, string>) => {
      const { TRUST_PROXY, PUBLIC_URL } = loadEnv({ ...process.env, ...vars });
      const env: Env = { ...stack.deps.env, TRUST_PROXY, PUBLIC_URL: vars.PUBLIC_URL ? PUBLIC_URL : stack.deps.env.PUBLIC_URL };
      return stack.anotherApp({ ...stack.deps, env });
    };
    const https = { 'X-Forwarded-Proto': 'https' };
    const visitorCookie = async (app: Stack['app'], headers: Record<string, string> = {}) => cookieNamed(await request(app).get('/api/user/getUserInfo').set(headers), 'sheafVisitor')!;

    const behindProxy = appWith({ TRUST_PROXY: '127.0.0.0/8, ::1' });
    expect(await visitorCookie(behindProxy, https)).toMatch(/; Secure/);
    expect(await visitorCookie(behindProxy)).not.toMatch(/Secure/);
    const session = await request(behindProxy).post('/api/user/googleLogin').set(https).send({ token: google.idToken({ sub: 'g-secure', email: unique('secure'), name: 'Sec' }) });
    expect(cookieNamed(session, 'sheafUserToken')).toMatch(/; Secure/);
    expect(cookieNamed(await request(behindProxy).get('/api/user/google').set(https), 'sheafOauthState')).toMatch(/; Secure/);
    expect(cookieNamed(await request(behindProxy).get('/api/user/google'), 'sheafOauthState')).not.toMatch(/Secure/);

    // No trusted hop: a client's own X-Forwarded-Proto proves nothing.
    expect(await visitorCookie(appWith({ TRUST_PROXY: '0' }), https)).not.toMatch(/Secure/);
    expect(await visitorCookie(appWith({ TRUST_PROXY: '0', PUBLIC_URL: 'https://pdf.example.org' }))).toMatch(/; Secure/);
  });

  it('returns from the Google redirect flow to the page it started on, with its channel', async () => {
    now();
    const signInFrom = async (query: string) => {
      const v = visitor(stack.app);
      const email = unique('back');
      google.setNextUser({ sub: `g-${email}`, email, name: 'Barbara' });
      const start = await v.agent.get(`/api/user/google?${query}`).set('Host', 'evil.example');
      // Google sends the person back to the configured origin, never to the Host the request named.
      const redirectUri = new URL(start.headers.location).searchParams.get('redirect_uri');
      expect(redirectUri).toBe(`${stack.baseUrl}/api/user/google/callback`);
      const back = new URL((await fetch(start.headers.location, { redirect: 'manual' })).headers.get('location')!);
      const done = await v.agent.get(`${back.pathname}${back.search}`);
      expect(done.status).toBe(302);
      expect(cookieNamed(done, 'sheafUserToken')).toBeTruthy();
      return { landing: done.headers.location as string, user: await stack.deps.db.user.findUniqueOrThrow({ where: { email } }) };
    };
    const came = await signInFrom(`next=${encodeURIComponent('/fr/merge-pdf?from=header#top')}&channel=newsletter`);
    expect(came.landing).toBe('/fr/merge-pdf?from=header#top');
    expect(came.user.channel).toBe('newsletter');
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/api/user/logout']) {
      expect((await signInFrom(`next=${encodeURIComponent(next)}`)).landing, next).toBe('/');
    }
  });
});
