import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SIGNATURE_LIMITS, SIGNATURES_PATH } from '#shared/signatures';
import { createSession, createUser } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

const drawn = { kind: 'draw', strokes: [[[0, 0.5], [0.5, 0], [1, 1]]], aspect: 3, color: '#1a237e' };
const typed = (text: string) => ({ kind: 'type', text, color: '#1a237e' });
/** The smallest PNG: one transparent pixel. */
const picture = {
  kind: 'image',
  src: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  aspect: 1,
};

describe('signatures saved on the account', () => {
  let stack: Stack;
  let cookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    stack = await startStack({}, { worker: false });
    cookie = (await createSession(stack.deps, (await createUser(stack.deps)).id)).cookie;
    otherCookie = (await createSession(stack.deps, (await createUser(stack.deps)).id)).cookie;
  });
  afterAll(() => stack.stop());

  const list = (c: string) => request(stack.app).get(SIGNATURES_PATH).set('Cookie', c);
  const save = (c: string, signature: unknown) => request(stack.app).post(SIGNATURES_PATH).set('Cookie', c).send({ signature });

  it('saves drawn, typed and picture signatures and lists them newest first, to their owner only', async () => {
    for (const signature of [drawn, typed('Ada Lovelace'), picture]) expect((await save(cookie, signature)).body).toMatchObject({ code: 0, data: { signature } });
    const mine = await list(cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((s: { signature: { kind: string } }) => s.signature.kind)).toEqual(['image', 'type', 'draw']);
    expect((await list(otherCookie)).body).toEqual({ code: 0, data: [] });
  });

  it("deletes one's own signature; another user's is not found and stays", async () => {
    const { id } = (await save(cookie, typed('Keep me'))).body.data as { id: string };
    const stranger = await request(stack.app).delete(`${SIGNATURES_PATH}/${id}`).set('Cookie', otherCookie);
    expect(stranger.status).toBe(404);
    expect(await stack.deps.db.savedSignature.count({ where: { id } })).toBe(1);
    const own = await request(stack.app).delete(`${SIGNATURES_PATH}/${id}`).set('Cookie', cookie);
    expect(own.body).toEqual({ code: 0 });
    expect(await stack.deps.db.savedSignature.count({ where: { id } })).toBe(0);
  });

  it('keeps the most recent ones past the cap', async () => {
    const user = await createUser(stack.deps);
    const { cookie: c } = await createSession(stack.deps, user.id);
    for (let i = 0; i <= SAVED_SIGNATURE_LIMITS.perUser; i++) await save(c, typed(`Signature ${i}`));
    const rows = await stack.deps.db.savedSignature.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(SAVED_SIGNATURE_LIMITS.perUser);
    expect(rows.map((r) => (r.data as { text: string }).text)).not.toContain('Signature 0');
  });

  it('refuses visitors, unknown kinds, oversized drawings and pictures that are not PNG or JPEG', async () => {
    expect((await request(stack.app).get(SIGNATURES_PATH)).status).toBe(401);
    expect((await request(stack.app).post(SIGNATURES_PATH).send({ signature: drawn })).status).toBe(401);
    const tooManyPoints = { ...drawn, strokes: [Array.from({ length: SAVED_SIGNATURE_LIMITS.drawPoints + 1 }, () => [0.5, 0.5])] };
    for (const bad of [{ ...drawn, kind: 'stamp' }, tooManyPoints, { ...picture, src: 'data:image/svg+xml;base64,PHN2Zz4=' }, { ...typed('x'), extra: 1 }]) {
      const res = await save(cookie, bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ILLEGAL_INPUT');
      expect(res.body.message).toMatch(/^signature/);
    }
  });
});
