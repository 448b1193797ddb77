import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_STALE_MS, whenReady, workersKey } from '#shared/server/redis';
import { startStack, type Stack } from '../support/stack';

describe('GET /api/health', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('answers 200 with db, redis, the engines the worker probed and the OCR engine it chose', async () => {
    const res = await request(stack.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.checks).toEqual({ db: 'ok', redis: 'ok', worker: 'ok' });
    expect(res.body.engines).toMatchObject({ qpdf: true, gs: true, pdftoppm: true, pdftotext: true, tesseract: true });
    // tesseract is installed here (scripts/system-packages.txt): the probe chose it.
    expect(res.body.ocr).toBe('native');
  });

  it('answers 503 when Redis is unreachable', async () => {
    const down = await startStack({ REDIS_URL: 'redis://127.0.0.1:1' }, { worker: false });
    try {
      const res = await request(down.app).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({ db: 'ok', redis: 'down' });
      expect(res.body.ocr).toBeNull();
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

  it('reports degraded, still 200, when no worker has beaten within three beats (frozen or dead)', async () => {
    const alone = await startStack({}, { worker: false });
    try {
      await whenReady(alone.deps.redis);
      const none = await request(alone.app).get('/api/health');
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ status: 'degraded', checks: { worker: 'none' } });
      // A worker that beat once, long ago, and then went silent: a frozen loop or a killed process.
      const key = workersKey(alone.deps.env.QUEUE_PREFIX);
      await alone.deps.redis.zadd(key, Date.now() - WORKER_STALE_MS - 1000, 'frozen-worker');
      const stale = await request(alone.app).get('/api/health');
      expect(stale.body).toMatchObject({ status: 'degraded', checks: { worker: 'stale' } });
      await alone.deps.redis.zadd(key, Date.now(), 'live-worker');
      expect((await request(alone.app).get('/api/health')).body).toMatchObject({ status: 'ok', checks: { worker: 'ok' } });
      await alone.deps.redis.del(key);
    } finally {
      await alone.stop();
    }
  });
});
