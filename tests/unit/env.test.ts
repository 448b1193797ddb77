import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '#shared/env';
import { BASE_ENV, envRefusal } from '../support/env-refusal';

const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('billing settings at boot', () => {
  afterEach(() => vi.restoreAllMocks());

  it('needs pro downloads when billing is configured; a server that sells nothing lets anyone download', () => {
    expect(loadEnv(BASE_ENV)).toMatchObject({ billingConfigured: false, DOWNLOAD_POLICY: 'open' });
    expect(loadEnv({ ...BASE_ENV, DOWNLOAD_POLICY: 'login' }).DOWNLOAD_POLICY).toBe('login');
    expect(loadEnv({ ...BASE_ENV, ...stripe })).toMatchObject({ billingConfigured: true, DOWNLOAD_POLICY: 'pro' });
    expect(loadEnv({ ...BASE_ENV, ...stripe, DOWNLOAD_POLICY: 'open' }).DOWNLOAD_POLICY).toBe('open');
  });

  it('stops on one Stripe secret without the other, naming the missing one', () => {
    expect(envRefusal({ ...BASE_ENV, STRIPE_SECRET_KEY: 'sk_test_x' })).toContain('STRIPE_WEBHOOK_SECRET: billing needs both');
    expect(envRefusal({ ...BASE_ENV, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toContain('STRIPE_SECRET_KEY: billing needs both');
  });

  it('stops on pro downloads without billing: nobody could become Pro', () => {
    expect(envRefusal({ ...BASE_ENV, DOWNLOAD_POLICY: 'pro' })).toContain('DOWNLOAD_POLICY: `pro` needs billing');
  });

  it('takes a variable set to nothing as unset, as compose passes one the operator left out', () => {
    expect(loadEnv({ ...BASE_ENV, DOWNLOAD_POLICY: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toMatchObject({
      billingConfigured: false,
      DOWNLOAD_POLICY: 'open',
    });
  });
});
