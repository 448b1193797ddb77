import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '#shared/env';

const base = { DATABASE_URL: 'postgresql://sheaf@127.0.0.1:1/sheaf', REDIS_URL: 'redis://127.0.0.1:1' };
const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

/** What loadEnv printed before it stopped the process, or undefined when it did not stop. */
function refusal(source: Record<string, string>): string | undefined {
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

describe('billing settings at boot', () => {
  afterEach(() => vi.restoreAllMocks());

  it('needs pro downloads only when billing is configured, else login', () => {
    expect(loadEnv(base)).toMatchObject({ billingConfigured: false, DOWNLOAD_POLICY: 'login' });
    expect(loadEnv({ ...base, ...stripe })).toMatchObject({ billingConfigured: true, DOWNLOAD_POLICY: 'pro' });
    expect(loadEnv({ ...base, ...stripe, DOWNLOAD_POLICY: 'open' }).DOWNLOAD_POLICY).toBe('open');
  });

  it('stops on one Stripe secret without the other, naming the missing one', () => {
    expect(refusal({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toContain('STRIPE_WEBHOOK_SECRET: billing needs both');
    expect(refusal({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toContain('STRIPE_SECRET_KEY: billing needs both');
  });

  it('stops on pro downloads without billing: nobody could become Pro', () => {
    expect(refusal({ ...base, DOWNLOAD_POLICY: 'pro' })).toContain('DOWNLOAD_POLICY: `pro` needs billing');
  });

  it('takes a variable set to nothing as unset, as compose passes one the operator left out', () => {
    expect(loadEnv({ ...base, DOWNLOAD_POLICY: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toMatchObject({ billingConfigured: false, DOWNLOAD_POLICY: 'login' });
  });
});
