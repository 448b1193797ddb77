import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Each DATA_DIR runs its own PostgreSQL and Redis on ports of its own (scripts/lib.sh), and never
 * uses a server it did not start for that folder: two instances side by side never share a queue.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_BIN = fs
  .readdirSync('/usr/lib/postgresql')
  .sort()
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .pop()!;

/** The environment of a person's shell: no server named by URL or port. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SHEAF_LOCAL_DB', 'SHEAF_LOCAL_REDIS', 'SHEAF_PG_PORT', 'SHEAF_REDIS_PORT']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

interface Started {
  pg: number;
  redis: number;
  startedPg: number;
  startedRedis: number;
}

/** Runs lib.sh's start_redis and start_postgres (or only `steps`) for `dataDir`, as `npm start` and `npm test` do. */
function start(
  dataDir: string,
  extra: Record<string, string> = {},
  steps = 'start_redis && start_postgres',
): { status: number | null; out: string; ports?: Started } {
  const script = `source scripts/lib.sh && ${steps} && echo "PORTS \${PG_PORT:-0} $REDIS_PORT \${STARTED_PG:-0} $STARTED_REDIS"`;
  const run = spawnSync('bash', ['-c', script], {
    cwd: ROOT,
    env: cleanEnv({ DATA_DIR: dataDir, ...extra }),
    encoding: 'utf8',
    timeout: 90_000,
  });
  const out = `${run.stdout}${run.stderr}`;
  const m = /PORTS (\d+) (\d+) (\d) (\d)/.exec(run.stdout);
  return { status: run.status, out, ports: m ? { pg: +m[1], redis: +m[2], startedPg: +m[3], startedRedis: +m[4] } : undefined };
}

function redisDir(port: number): string {
  return execFileSync('redis-cli', ['-p', String(port), 'config', 'get', 'dir'], { encoding: 'utf8' }).split('\n')[1];
}

function stop(dataDir: string): void {
  spawnSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', path.join(dataDir, 'postgres'), '-m', 'immediate', 'stop'], {
    stdio: 'ignore',
  });
  const pid = fs.readFileSync(path.join(dataDir, 'redis/redis.pid'), { encoding: 'utf8', flag: 'a+' }).trim();
  // Only the folder's own Redis: a stale pid file may name another process by now.
  if (pid && fs.existsSync(`/proc/${pid}`) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('redis-server'))
    process.kill(Number(pid), 'SIGTERM');
}

describe('instances with their own DATA_DIR', () => {
  const dirs: string[] = [];
  let first: Started;
  let second: Started;

  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-instance-'));
    // PostgreSQL runs as its own user, which must reach the folder.
    fs.chmodSync(dir, 0o755);
    dirs.push(dir);
    return dir;
  };

  beforeAll(() => {
    const a = start(newDataDir());
    const b = start(newDataDir());
    expect(a.ports, a.out).toBeDefined();
    expect(b.ports, b.out).toBeDefined();
    [first, second] = [a.ports!, b.ports!];
  }, 120_000);

  afterAll(() => {
    for (const dir of dirs) {
      if (fs.existsSync(path.join(dir, 'redis'))) stop(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('start servers of their own on ports of their own, and remember them', () => {
    expect(first.startedPg && first.startedRedis && second.startedPg && second.startedRedis).toBe(1);
    expect(new Set([first.pg, first.redis, second.pg, second.redis]).size).toBe(4);
    expect(redisDir(first.redis)).toBe(path.join(dirs[0], 'redis'));
    expect(redisDir(second.redis)).toBe(path.join(dirs[1], 'redis'));
    expect(fs.readFileSync(path.join(dirs[0], 'ports'), 'utf8').split('\n').sort()).toEqual(['', `pg=${first.pg}`, `redis=${first.redis}`]);
  });

  it('use the servers already running for their folder on the next start', () => {
    const again = start(dirs[0]);
    expect(again.ports).toEqual({ pg: first.pg, redis: first.redis, startedPg: 0, startedRedis: 0 });
  });

  it("never use another folder's Redis found on their port", () => {
    // A folder whose remembered port now belongs to the first instance's Redis.
    const third = newDataDir();
    fs.writeFileSync(path.join(third, 'ports'), `redis=${first.redis}\n`);
    const run = start(third, {}, 'start_redis');
    expect(run.ports, run.out).toBeDefined();
    expect(run.ports!.redis).not.toBe(first.redis);
    expect(run.ports!.startedRedis).toBe(1);
    expect(redisDir(run.ports!.redis)).toBe(path.join(third, 'redis'));
  });

  it('refuse a given port that another program holds, naming it', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const run = start(newDataDir(), { SHEAF_PG_PORT: String(port) }, 'start_postgres');
      expect(run.status).not.toBe(0);
      expect(run.out).toContain(`Port ${port} (SHEAF_PG_PORT) is taken by another program`);
    } finally {
      holder.close();
    }
  });

  it("print the reason from PostgreSQL's log when it cannot start", () => {
    const dir = dirs[1];
    stop(dir);
    fs.appendFileSync(path.join(dir, 'postgres/postgresql.conf'), '\nshared_buffers = plenty\n');
    const run = start(dir);
    expect(run.status).not.toBe(0);
    expect(run.out).toContain(`PostgreSQL did not start on port ${second.pg}`);
    expect(run.out).toContain('invalid value for parameter "shared_buffers"');
  });
});
