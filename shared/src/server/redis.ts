import { Redis, type RedisOptions } from 'ioredis';

/** A connection for BullMQ: commands wait for a reconnect instead of failing (BullMQ requires this). */
export function queueConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** A connection for quick reads and writes that must fail fast when Redis is down (health, limits). */
export function commandConnection(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, ...extra });
}

/** Where workers publish the engines they found at boot; the api reports them in /api/health. */
export const ENGINES_KEY = 'sheaf:engines';
