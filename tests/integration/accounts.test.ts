import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { startGoogleStandIn } from '../support/google-stand-in';
import { latestLoginLink } from '../support/outbox';
import { startStack, type Stack } from '../support/stack';

const unique = (name: string) => `${name}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []).find((c) => c.startsWith(`${name}=`));

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
    expect(reused.body.message).toBe('Login Failed,Please try again later or contact us if the problem persists.');
    expect((await visitor(stack.app).agent.post('/api/user/checkEmail').send({ email })).body.data).toBe(true);
    expect((await visitor(stack.app).agent.post('/api/user/emailLogin').send({ email, name: 'Ada' })).body.message).toBe(
      'Account already exists with this email. Please login to continue.',
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
      'Account already not sign up with this email. Please sign up to continue.',
    );
  });

  it('limits link requests per address with code 410', async () => {
    now();
    const email = unique('flood');
    const v = visitor(stack.app);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await v.agent.post('/api/user/emailLogin').send({ email, name: 'Flo' }));
    expect(answers[3].status).toBe(429);
    expect(answers[3].body).toMatchObject({ code: 410, message: 'Operation is too frequent,Please try again later' });
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
    for (const bad of [google.forgedIdToken(user), google.idToken(user, { aud: 'someone-else' }), google.idToken(user, { exp: 1 }), google.idToken({ ...user, email_verified: false })]) {
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
});
