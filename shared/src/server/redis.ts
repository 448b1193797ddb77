import { Redis, type RedisOptions } from 'ioredis';
import { log } from './logger';
import { isNetworkError, outages, unreachableService } from './outage';

/** The connections of this process that lost Redis and have not got it back yet. */
const lost = new Set<Redis>();

/**
 * ioredis reconnects by itself, several times a second: the outage is logged once when the first
 * connection loses Redis and once when the last one has it back (see outage.ts), not per retry.
 */
function watchOutage(redis: Redis): Redis {
  redis.on('error', (e: Error) => {
    if (redis.status === 'ready' && !unreachableService(e) && !isNetworkError(e)) return log.warn('redis error', { error: e.message });
    lost.add(redis);
    outages.down('redis', e);
  });
  redis.on('reconnecting', () => lost.add(redis));
  redis.on('ready', () => {
    lost.delete(redis);
    if (lost.size === 0) outages.up('redis');
  });
  // Closed on purpose (a process stopping): it waits for nothing any more.
  redis.on('end', () => lost.delete(redis));
  return redis;
}

/** A connection for BullMQ: commands wait for a reconnect instead of failing (BullMQ requires this). */
export function queueConnection(url: string): Redis {
  return watchOutage(new Redis(url, { maxRetriesPerRequest: null }));
}

/** A connection for quick reads and writes that must fail fast when Redis is down (health, limits). */
export function commandConnection(url: string, extra: RedisOptions = {}): Redis {
  return watchOutage(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, ...extra }));
}

/** Resolves once the connection is up (fail-fast connections refuse commands until then). */
export function whenReady(redis: Redis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/** Where workers publish the engines they found at boot; the api reports them in /api/health. */
export const ENGINES_KEY = 'sheaf:engines';
/** Where workers publish the OCR engine they chose at boot (`native` or `wasm`), for /api/health. */
export const OCR_ENGINE_KEY = 'sheaf:ocr-engine';

/**
 * Workers' heartbeats: a sorted set of worker ids scored by the time of their last beat. A worker
 * beats from its own event loop, so one that is frozen or dead stops beating and health says so.
 */
export const workersKey = (queuePrefix: string) => `${queuePrefix}:workers`;
export const HEARTBEAT_MS = 5000;
/** A worker silent this long is stale: three beats missed. */
export const WORKER_STALE_MS = 3 * HEARTBEAT_MS + 1000;
