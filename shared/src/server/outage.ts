import { log } from './logger';

/**
 * PostgreSQL or Redis going away, seen from one process. Every request that needs the missing
 * server fails the same way, and ioredis retries its connections several times a second: the log
 * says the outage once when it starts and once when it ends, never once per request or retry.
 */
export type Service = 'redis' | 'postgres' | 'file store';

/** Seconds a client is asked to wait (Retry-After) while a server it needs is away. */
export const OUTAGE_RETRY_SECONDS = 5;

/** The driver adapter's words for a database it cannot reach or that dropped the connection. */
const PG_UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Prisma's codes for the same: can't reach, timed out, closed, the pool's wait ran out. */
const PG_UNREACHABLE_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
const PG_MESSAGES = /Can't reach database server|Connection terminated|server closed the connection|the database system is (starting|shutting) up|terminating connection due to administrator command/;
/** ioredis's words for a connection that is down, being retried, or refusing commands meanwhile. */
const REDIS_MESSAGES = /Connection is closed|Stream isn't writeable|enableOfflineQueue|Reached the max retries per request|redis not ready/;
/** A socket's words for a server it cannot reach or that went silent. */
const NETWORK_CODES = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|socket hang up|TimeoutError/;

/** Whether an error is a network fault (refused, reset, unreachable, timed out) rather than an answer. */
export function isNetworkError(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string } | null;
  return NETWORK_CODES.test(`${e?.name ?? ''} ${e?.code ?? ''} ${e?.message ?? ''}`);
}

/** Which server an error says is unreachable, if it says so: anything else is a fault of its own. */
export function unreachableService(error: unknown): Service | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { name?: string; code?: string; message?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } };
  const kind = e.meta?.driverAdapterError?.cause?.kind;
  if ((kind && PG_UNREACHABLE_KINDS.has(kind)) || (e.code && PG_UNREACHABLE_CODES.has(e.code)) || e.name === 'PrismaClientInitializationError') return 'postgres';
  const message = e.message ?? '';
  // pg-pool's own words, not always wrapped by Prisma.
  if (PG_MESSAGES.test(message)) return 'postgres';
  if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.test(message)) return 'redis';
  // The AWS SDK's errors carry $metadata: the bucket's server did not answer.
  if ('$metadata' in e && isNetworkError(e)) return 'file store';
  return undefined;
}

interface Outage {
  since: number;
  error: string;
}

const current = new Map<Service, Outage>();

export const outages = {
  /** Records that `service` is away; only the first report of an outage is logged. */
  down(service: Service, error: unknown) {
    if (current.has(service)) return;
    const message = error instanceof Error ? error.message : String(error);
    current.set(service, { since: Date.now(), error: message });
    log.error(`${service} unavailable`, { error: message.split('\n').filter(Boolean).pop() });
  },
  /** Records that `service` answers again; logged once, with how long it was away. */
  up(service: Service) {
    const outage = current.get(service);
    if (!outage) return;
    current.delete(service);
    log.warn(`${service} available again`, { downSeconds: Math.round((Date.now() - outage.since) / 100) / 10 });
  },
  isDown: (service: Service) => current.has(service),
};

/** BullMQ's words when a job's lock lapsed while Redis was away: the stalled check retakes the job. */
const LOCK_LOST = /could not renew lock|Missing lock for job/;

/**
 * The error handler of a queue, a consumer or their event stream. BullMQ reports every failed
 * reconnect of its connections there, several a second while Redis is away: those make one outage
 * (logged at its start and end). A job whose lock lapsed meanwhile is retaken, so that is a warning;
 * the rest are logged as they come.
 */
export function queueError(what: string, fields: Record<string, unknown> = {}) {
  return (err: Error) => {
    const away = unreachableService(err);
    if (away === 'postgres') return outages.down('postgres', err);
    if (away || isNetworkError(err)) return outages.down('redis', err);
    if (LOCK_LOST.test(err.message)) return log.warn(`${what}: job lock lost`, { ...fields, error: err.message });
    log.error(what, { ...fields, error: String(err) });
  };
}

/**
 * While PostgreSQL is known to be away, asks it every `everyMs` whether it is back: its client has
 * no connection events to say so. Returns the stop function.
 */
export function watchPostgres(ping: () => Promise<unknown>, everyMs = 2000): () => void {
  const timer = setInterval(() => {
    if (!outages.isDown('postgres')) return;
    ping().then(
      () => outages.up('postgres'),
      () => undefined,
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
