import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../api/src/services/email-login-service';
import { loadEnv, type Env } from '#shared/env';
import { randomId } from '#shared/server/ids';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { decodeQp, outboxFiles } from '#shared/server/outbox';
import { hostileAddresses } from '../support/hostile-addresses';
import { latestLoginLink, latestMailTo } from '../support/outbox';
import { startStack, type Stack } from '../support/stack';

const unique = (name: string) => `${name}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
const cookieValue = (res: { headers: Record<string, unknown> }, name: string) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[]) ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    .slice(name.length + 1);
const PDF = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');

describe('login links: who gets the visitor files, who may ask for links', () => {
  let stack: Stack;
  /** An api on the same services that believes X-Forwarded-For from this host, so each test request can name its own client address. */
  let behindProxy: Stack['app'];
  beforeAll(async () => {
    stack = await startStack({}, { worker: false });
    // The limits live in Redis, whose connection fails fast rather than queue commands before it is up.
    if (stack.deps.redis.status !== 'ready') await new Promise((resolve) => stack.deps.redis.once('ready', resolve));
    behindProxy = appWith({ TRUST_PROXY: ['loopback'] });
  });
  afterAll(() => stack.stop());

  const appWith = (env: Partial<Env>) => stack.anotherApp({ ...stack.deps, env: { ...stack.deps.env, ...env } });
  const linkToken = (email: string) => latestLoginLink(stack.deps.env.DATA_DIR, email).searchParams.get('token')!;
  let ipCounter = 0;
  /** A client address of its own for each caller: the per-IP budgets of one test never meet another's. */
  const freshIp = () => `198.51.${100 + Math.floor(ipCounter / 250)}.${1 + (ipCounter++ % 250)}`;

  it('asks before a link opened in another browser signs in: nothing until Continue, then once, leaving that browser’s files with its visitor', async () => {
    // Mallory asks for a link to his own account in his own browser and keeps it unused.
    const mallory = visitor(stack.app);
    const malloryEmail = unique('mallory');
    const asked = await mallory.agent.post('/api/user/emailLogin').send({ email: malloryEmail, name: 'Mallory' });
    expect(asked.body).toMatchObject({ code: 0, data: 1 });
    const planted = linkToken(malloryEmail);
    expect((await stack.deps.db.emailLoginToken.findFirstOrThrow({ where: { email: malloryEmail } })).visitorId).toBe(cookieValue(asked, 'sheafVisitor'));

    // Vera has work of her own; a page makes her browser open Mallory's link (`/?email=…&token=…` posts it by itself).
    const vera = visitor(stack.app);
    const uploaded = await vera.upload(PDF);
    const veraVisitor = cookieValue(uploaded, 'sheafVisitor')!;
    const fileToken = uploaded.body.token as string;
    const taskId = (await vera.transfer({ toolType: 'split-pdf', token: fileToken, pages: '1' })).body.id as string;
    const opened = await vera.agent.post('/api/user/emailLogin').send({ email: malloryEmail, token: planted });
    // The question, with the address in full; no session, and the link still unused.
    expect(opened.body).toEqual({ code: 0, data: { confirmAs: malloryEmail } });
    expect(cookieValue(opened, 'sheafUserToken')).toBeUndefined();
    expect((await vera.agent.get('/api/user/getUserInfo')).body.code).toBe(519);
    expect((await stack.deps.db.emailLoginToken.findFirstOrThrow({ where: { email: malloryEmail } })).usedAt).toBeNull();
    // Another site's form cannot answer it for her: only a JSON body is read.
    const forged = await vera.agent.post('/api/user/emailLogin').type('form').send({ email: malloryEmail, token: planted, confirm: 'true' });
    expect(forged.status).toBe(400);
    expect(cookieValue(forged, 'sheafUserToken')).toBeUndefined();

    // Continue: signed in, once.
    const login = await vera.agent.post('/api/user/emailLogin').send({ email: malloryEmail, token: planted, confirm: true });
    expect(login.body).toMatchObject({ code: 0, message: 'Login Successful', data: { userInfo: { email: malloryEmail } } });
    expect(cookieValue(login, 'sheafUserToken')).toMatch(/^[A-Za-z0-9]{48}$/);
    expect((await visitor(stack.app).agent.post('/api/user/emailLogin').send({ email: malloryEmail, token: planted, confirm: true })).body).toMatchObject({ code: 1003, error: 'LINK_EXPIRED' });
    expect((await visitor(stack.app).agent.post('/api/user/emailLogin').send({ email: malloryEmail, token: planted })).body).toMatchObject({ code: 1003, error: 'LINK_EXPIRED' });

    // The browser is signed in, but Vera's file and task stay hers, not the account's.
    const mallorysId = (await stack.deps.db.user.findUniqueOrThrow({ where: { email: malloryEmail } })).id;
    expect(await stack.deps.db.file.findUniqueOrThrow({ where: { token: fileToken } })).toMatchObject({ userId: null, visitorId: veraVisitor });
    expect(await stack.deps.db.task.findUniqueOrThrow({ where: { id: taskId } })).toMatchObject({ userId: null, visitorId: veraVisitor });
    expect(await stack.deps.db.file.count({ where: { userId: mallorysId } })).toBe(0);
    // Still reachable by Vera's visitor id, and by nobody signed in as Mallory.
    expect((await request(stack.app).get(`/api/miaohui/file/download/${fileToken}`).set('Cookie', `sheafVisitor=${veraVisitor}`)).status).toBe(200);
    await mallory.agent.post('/api/user/emailLogin').send({ email: malloryEmail });
    await mallory.agent.post('/api/user/emailLogin').send({ email: malloryEmail, token: linkToken(malloryEmail) });
    expect((await mallory.agent.post('/api/miaohui/file/historyTasks').send({ pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);
    expect((await mallory.agent.get(`/api/miaohui/file/download/${fileToken}`)).status).toBe(404);
    expect((await vera.agent.get(`/api/miaohui/file/download/${fileToken}`)).status).toBe(404);
  });

  it('keeps the expiry of a link waiting for Continue', async () => {
    const email = unique('late');
    await visitor(stack.app).agent.post('/api/user/loginLink').send({ email });
    const token = linkToken(email);
    const phone = visitor(stack.app);
    expect((await phone.agent.post('/api/user/emailLogin').send({ email, token })).body).toEqual({ code: 0, data: { confirmAs: email } });
    await stack.deps.db.emailLoginToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await phone.agent.post('/api/user/emailLogin').send({ email, token, confirm: true });
    expect(late.body).toMatchObject({ code: 1003, error: 'LINK_EXPIRED' });
    expect(cookieValue(late, 'sheafUserToken')).toBeUndefined();
  });

  it('moves the work of the browser that asked for the link, and keeps the session out of the answer', async () => {
    const v = visitor(stack.app);
    const email = unique('own');
    const fileToken = await v.uploadToken(PDF);
    await v.agent.post('/api/user/emailLogin').send({ email, name: 'Owen' });
    // The browser that asked: signed in at once, no question.
    const login = await v.agent.post('/api/user/emailLogin').send({ email, token: linkToken(email) });
    expect(login.body).toMatchObject({ code: 0, message: 'Login Successful', data: { userInfo: { email } } });
    const owner = await stack.deps.db.user.findUniqueOrThrow({ where: { email } });
    expect((await stack.deps.db.file.findUniqueOrThrow({ where: { token: fileToken } })).userId).toBe(owner.id);

    // The HttpOnly cookie is the session; no script reads its token from the answer.
    const session = cookieValue(login, 'sheafUserToken')!;
    expect(session).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(login.body.data).not.toHaveProperty('token');
    expect(JSON.stringify(login.body)).not.toContain(session);
  });

  it('never lets strangers asking for links lock the owner out', async () => {
    const email = unique('olga');
    const owner = request.agent(behindProxy);
    const ownerIp = freshIp();
    await owner.post('/api/user/emailLogin').set('X-Forwarded-For', ownerIp).send({ email, name: 'Olga' });
    const signedIn = await owner.post('/api/user/emailLogin').set('X-Forwarded-For', ownerIp).send({ email, token: linkToken(email) });
    expect(signedIn.body.code).toBe(0);
    expect((await owner.post('/api/user/logout').set('X-Forwarded-For', ownerIp)).body.code).toBe(0);

    // A stranger gets a few links per address from one place…
    const ask = (ip: string) => request(behindProxy).post('/api/user/emailLogin').set('X-Forwarded-For', ip).send({ email });
    const [perPair] = LIMITS.perEmailIp;
    const strangerIp = freshIp();
    for (let i = 0; i < perPair; i++) expect((await ask(strangerIp)).status).toBe(200);
    expect((await ask(strangerIp)).body).toMatchObject({ code: 410 });
    // …and from many places together, strangers reach the address's overall cap.
    const [overall] = LIMITS.perEmail;
    for (let sent = 1 + perPair; sent < overall; ) {
      const ip = freshIp();
      for (let i = 0; i < perPair && sent < overall; i++, sent++) expect((await ask(ip)).status).toBe(200);
    }
    expect((await ask(freshIp())).body).toMatchObject({ code: 410, message: 'Too many requests. Please wait a moment and try again.' });

    // The owner's browser, signed out, still gets its link: from its own address or the stranger's.
    const before = linkToken(email);
    const again = await owner.post('/api/user/emailLogin').set('X-Forwarded-For', strangerIp).send({ email });
    expect(again.body).toMatchObject({ code: 0, data: 1 });
    expect(linkToken(email)).not.toBe(before);
    // So does a session of the address, in a browser that never signed in to it before.
    const user = await stack.deps.db.user.findUniqueOrThrow({ where: { email } });
    const token = randomId(48);
    await stack.deps.db.session.create({ data: { token, userId: user.id, expiresAt: new Date(Date.now() + 3600_000) } });
    const fromSession = await request(behindProxy).post('/api/user/emailLogin').set('X-Forwarded-For', freshIp()).set('Cookie', `sheafUserToken=${token}`).send({ email });
    expect(fromSession.body).toMatchObject({ code: 0, data: 1 });

    // The owner has a budget of its own, spent by nobody else.
    const [ownBudget] = LIMITS.perOwner;
    for (let i = 1; i < ownBudget; i++) expect((await owner.post('/api/user/emailLogin').set('X-Forwarded-For', ownerIp).send({ email })).status).toBe(200);
    expect((await owner.post('/api/user/emailLogin').set('X-Forwarded-For', ownerIp).send({ email })).body).toMatchObject({ code: 410 });
  });

  it('counts a stranger’s requests apart from the owner’s on another connection', async () => {
    const email = unique('new-device');
    await stack.deps.db.user.create({ data: { email, name: 'Nora' } });
    const ask = (ip: string) => request(behindProxy).post('/api/user/emailLogin').set('X-Forwarded-For', ip).send({ email });
    const strangerIp = freshIp();
    const [perPair] = LIMITS.perEmailIp;
    for (let i = 0; i < perPair; i++) expect((await ask(strangerIp)).status).toBe(200);
    expect((await ask(strangerIp)).status).toBe(429);
    // Nora, on a device that never signed in, from her own connection.
    expect((await ask(freshIp())).body).toMatchObject({ code: 0, data: 1 });
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const { DATABASE_URL, REDIS_URL } = process.env;
    const byDefault = loadEnv({ DATABASE_URL, REDIS_URL }).TRUST_PROXY;
    expect(byDefault).toBe(0);
    const email = unique('forged');
    await stack.deps.db.user.create({ data: { email, name: 'Fay' } });
    const [perPair] = LIMITS.perEmailIp;
    const askFrom = (app: Stack['app'], ip: string) => request(app).post('/api/user/emailLogin').set('X-Forwarded-For', ip).send({ email });

    // Through a trusted proxy each forwarded address is its own requester…
    for (let i = 0; i <= perPair; i++) expect((await askFrom(behindProxy, freshIp())).status).toBe(200);
    // …but with the default, a client naming a new address each time is still one requester.
    const direct = appWith({ TRUST_PROXY: byDefault });
    for (let i = 0; i < perPair; i++) expect((await askFrom(direct, freshIp())).status).toBe(200);
    expect((await askFrom(direct, freshIp())).body).toMatchObject({ code: 410 });
  });

  it('one box: an unknown address gets a sign-up link, a known one a log-in link, and both the same answer', async () => {
    const ip = freshIp();
    const box = (email: string) => request.agent(behindProxy).post('/api/user/loginLink').set('X-Forwarded-For', ip).send({ email, clientId: 'c1', channel: 'box' });
    const newcomer = unique('newcomer');
    const known = unique('known');
    await stack.deps.db.user.create({ data: { email: known, name: 'Kim' } });

    const [toNew, toKnown] = [await box(newcomer), await box(known)];
    expect(toNew.body).toEqual({ code: 0, data: 1, message: 'Check your inbox' });
    expect(toKnown.body).toEqual(toNew.body);
    expect(toKnown.status).toBe(toNew.status);
    expect(latestMailTo(stack.deps.env.DATA_DIR, newcomer)).toContain('Subject: Finish creating your Sheaf account');
    expect(latestMailTo(stack.deps.env.DATA_DIR, known)).toContain('Subject: Your Sheaf log in link');
    // No account until the link is used; then one, named after the address until its owner renames it.
    expect(await stack.deps.db.user.count({ where: { email: newcomer } })).toBe(0);
    const v = visitor(stack.app);
    // Asked for from another connection: used with the person's confirmation.
    const login = await v.agent.post('/api/user/emailLogin').send({ email: newcomer, token: linkToken(newcomer), confirm: true });
    expect(login.body).toMatchObject({ code: 0, data: { userInfo: { email: newcomer, userName: newcomer.split('@')[0].slice(0, 20) } } });
    expect(await stack.deps.db.user.findUniqueOrThrow({ where: { email: newcomer } })).toMatchObject({ channel: 'box' });
    // A malformed address is still refused, and mails nothing.
    expect((await box('ada@')).body).toMatchObject({ code: 400, error: 'INVALID_EMAIL' });
  });

  it('counts only links actually mailed, and says when to ask again', async () => {
    const ip = freshIp();
    const email = unique('confused');
    const ask = (body: object) => request(behindProxy).post('/api/user/emailLogin').set('X-Forwarded-For', ip).send({ email, ...body });
    const [perPair, windowSeconds] = LIMITS.perEmailIp;
    // Asked to log in to an account that does not exist yet, again and again: refused, nothing mailed…
    for (let i = 0; i < perPair + 2; i++) expect((await ask({})).body).toMatchObject({ code: 1002 });
    // …so the address still has its whole budget of links.
    const box = () => request(behindProxy).post('/api/user/loginLink').set('X-Forwarded-For', ip).send({ email });
    for (let i = 0; i < perPair; i++) expect((await box()).body).toMatchObject({ code: 0, data: 1 });
    const refused = await box();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 410, error: 'TOO_FREQUENT' });
    expect(refused.body.retryAfter).toBeGreaterThan(windowSeconds - 60);
    expect(refused.body.retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfter));
    // Refusals past the limit are not counted either: the address's overall count holds only what was mailed.
    for (let i = 0; i < 5; i++) expect((await box()).status).toBe(429);
    const counted = Number(await stack.deps.redis.get(`${stack.deps.env.QUEUE_PREFIX}:rl:email:${email}`));
    expect(counted).toBe(perPair);
  });

  it('takes one address per field: every hostile spelling is 400 naming the field, and nothing is mailed', async () => {
    // The outbox is shared with the files that run beside this one: what this test mailed carries its tag.
    const tag = randomId(8).toLowerCase();
    const dir = path.join(stack.deps.env.DATA_DIR, 'outbox');
    const before = new Set(outboxFiles(dir));
    const calls: Array<[string, (email: string) => object]> = [
      ['/api/user/checkEmail', (email) => ({ email })],
      ['/api/user/emailLogin', (email) => ({ email })],
      ['/api/user/emailLogin', (email) => ({ email, name: 'Vic' })],
      ['/api/user/loginLink', (email) => ({ email })],
      ['/api/contact', (email) => ({ email, name: 'Vic', subject: 'Hi', body: 'Hello' })],
    ];
    const refusal = (error: string, message: string) => ({ code: 400, error, message, data: { fields: [{ field: 'email', message }] } });
    for (const hostile of hostileAddresses(tag)) {
      // Text no database can store (NUL) is refused before any field is read as an address.
      const expected = hostile.includes('\u0000')
        ? refusal('ILLEGAL_INPUT', 'email must not contain U+0000 (NUL) or an unpaired surrogate')
        : refusal('INVALID_EMAIL', 'Enter a valid email address');
      for (const [url, body] of calls) {
        const res = await request(behindProxy).post(url).set('X-Forwarded-For', freshIp()).send(body(hostile));
        expect({ url, hostile, status: res.status, body: res.body }).toEqual({ url, hostile, status: 400, body: expected });
      }
    }
    const mailedSince = () => outboxFiles(dir).filter((f) => !before.has(f)).map((f) => decodeQp(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(mailedSince().filter((mail) => mail.includes(tag))).toEqual([]);
    expect(await stack.deps.db.emailLoginToken.count({ where: { email: { contains: tag } } })).toBe(0);
    expect(await stack.deps.db.contactMessage.count({ where: { email: { contains: tag } } })).toBe(0);
    // A plain address, typed with spaces and capitals, still goes through, to that one mailbox alone.
    const plain = `vic-${tag}@example.com`;
    expect((await request(behindProxy).post('/api/contact').set('X-Forwarded-For', freshIp()).send({ email: ` ${plain.toUpperCase()} `, body: 'Hello' })).body.code).toBe(0);
    expect((await request(behindProxy).post('/api/user/loginLink').set('X-Forwarded-For', freshIp()).send({ email: plain })).body.code).toBe(0);
    const headers = mailedSince()
      .filter((mail) => mail.includes(tag))
      .map((mail) => mail.split(/\r?\n/).filter((line) => /^(To|Reply-To|Cc|Bcc): /.test(line)).sort());
    expect(headers.sort()).toEqual([[`Reply-To: ${plain}`, `To: ${stack.deps.env.CONTACT_EMAIL}`], [`To: ${plain}`]]);
  });
});
