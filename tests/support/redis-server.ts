import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nothing listens on at the moment. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** A Redis of a test's own, on `port`, its jobs kept across a restart in `dir` (as npm start runs it). */
export async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--save', ''], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return child;
    await sleep(50);
  }
  throw new Error(`redis on ${port} did not answer`);
}

/** Stops a Redis started by startRedis the way an operator would (SHUTDOWN), and waits until it has exited. */
export async function stopRedis(port: number, child: ChildProcess): Promise<void> {
  const exited = child.exitCode !== null ? Promise.resolve() : once(child, 'exit');
  spawnSync('redis-cli', ['-p', String(port), 'shutdown']);
  await exited;
}
