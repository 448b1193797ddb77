import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack';

describe('GET /api/health', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('answers 200 with db, redis and the engines the worker probed', async () => {
    const res = await request(stack.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.checks).toEqual({ db: 'ok', redis: 'ok' });
    expect(res.body.engines).toMatchObject({ qpdf: true, gs: true, pdftoppm: true, pdftotext: true });
  });

  it('answers 503 when Redis is unreachable', async () => {
    const down = await startStack({ REDIS_URL: 'redis://127.0.0.1:1' }, { worker: false });
    try {
      const res = await request(down.app).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.checks).toEqual({ db: 'ok', redis: 'down' });
    } finally {
      await down.stop();
    }
  });

  it('answers 503 when PostgreSQL is unreachable', async () => {
    const down = await startStack({ DATABASE_URL: 'postgresql://sheaf@127.0.0.1:1/none' }, { worker: false });
    try {
      const res = await request(down.app).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.checks.db).toBe('down');
    } finally {
      await down.stop();
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await request(stack.app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/miaohui/file/unLoginTransfer');
    expect(res.body['x-tool-options']['split-pdf'].properties).toHaveProperty('splitcount');
  });
});
