import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomId } from '#shared/server/ids';
import { spawnServer, treeMemory } from '../tests/support/hostile-files';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * How the api and the worker run: through tsx (TypeScript compiled in memory, with its esbuild
 * service) or from the compiled dist/ of scripts/build-server.ts.
 */
export type RunMode = 'tsx' | 'compiled';

const ENTRY = { api: 'api/src/main', worker: 'worker/src/main' } as const;
const READY = { api: '"msg":"api listening"', worker: '"msg":"worker ready"' } as const;
const READY_TIMEOUT_MS = 120_000;

/** Builds dist/ with the project's own build when it has one; the modes this checkout can run. */
export function runModes(): RunMode[] {
  const build = path.join(ROOT, 'scripts/build-server.ts');
  if (!fs.existsSync(build)) return ['tsx'];
  const built = spawnSync(process.execPath, ['--import', 'tsx', build], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`scripts/build-server.ts failed (${built.status ?? built.signal})`);
  return ['tsx', 'compiled'];
}

export interface ServerProcess {
  pid: number;
  /** Summed RSS of the process and everything it started (task hosts, engines, tsx's esbuild). */
  treeRss(): number;
  /** SIGKILL to the process and every descendant, at once (a crash, or the kill of the load bench). */
  kill(): Promise<void>;
  /** SIGTERM, as an operator stops it; SIGKILL after 10 s. */
  stop(): Promise<void>;
  output(): string;
}

/** A free TCP port on the loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the api or the worker as its own process (group) and resolves once it says it is ready. */
export async function startServer(which: 'api' | 'worker', mode: RunMode, env: Record<string, string>): Promise<ServerProcess> {
  const args = mode === 'tsx' ? ['--import', 'tsx', `${ENTRY[which]}.ts`] : [`dist/${ENTRY[which]}.js`];
  const server = spawnServer(args, env, READY[which]);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${which} (${mode}) not ready after ${READY_TIMEOUT_MS / 1000} s:\n${server.output().slice(-3000)}`)),
      READY_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([server.ready, late]);
  } finally {
    clearTimeout(timer);
  }
  const { pid } = server;
  return {
    pid,
    treeRss: () => treeMemory(pid).rss,
    kill: () => server.killTree(),
    async stop() {
      if (!server.alive()) return;
      process.kill(pid, 'SIGTERM');
      const hung = setTimeout(() => void server.killTree(), 10_000);
      await server.exited;
      clearTimeout(hung);
      // Anything left behind (an engine the worker started).
      await server.killTree();
    },
    output: () => server.output(),
  };
}

/** An api and a worker on a queue of their own, as `npm start` runs them. */
export interface Servers {
  baseUrl: string;
  api: ServerProcess;
  worker: ServerProcess;
  env: Record<string, string>;
  /** Replaces the worker (after a kill), as the supervisor does. */
  restartWorker(): Promise<void>;
  stop(): Promise<void>;
}

export async function startServers(mode: RunMode, env: Record<string, string> = {}, opts: { worker?: boolean } = {}): Promise<Servers> {
  const port = await freePort();
  const shared = { QUEUE_PREFIX: `sheaf-bench-${randomId(8)}`, PORT: String(port), DOWNLOAD_POLICY: 'open', ...env };
  const api = await startServer('api', mode, shared);
  const servers: Servers = {
    baseUrl: `http://127.0.0.1:${port}`,
    api,
    worker: opts.worker === false ? api : await startServer('worker', mode, shared),
    env: shared,
    async restartWorker() {
      servers.worker = await startServer('worker', mode, shared);
    },
    async stop() {
      await Promise.all([api.stop(), opts.worker === false ? undefined : servers.worker.stop()]);
    },
  };
  return servers;
}

export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
