import { vi } from 'vitest';
import { loadEnv } from '#shared/env';

/** Settings that satisfy loadEnv's required URLs without reaching a server. */
export const BASE_ENV = { DATABASE_URL: 'postgresql://sheaf@127.0.0.1:1/sheaf', REDIS_URL: 'redis://127.0.0.1:1' };

/** What loadEnv printed before it stopped the process, or undefined when it did not stop. */
export function envRefusal(source: Record<string, string>): string | undefined {
  const printed: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  try {
    loadEnv(source);
    return undefined;
  } catch {
    return printed.join('\n');
  }
}
