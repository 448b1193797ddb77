import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import type { ErrorCode } from '#shared/errors';
import { loadCatalogue } from '#shared/billing/catalogue';

/**
 * Test data made through the real database, one function per thing, with defaults a test only
 * overrides where the behaviour under test needs it.
 */
export async function createUser(deps: Deps, data: { email?: string; name?: string } = {}) {
  return deps.db.user.create({ data: { email: data.email ?? `user.${randomId(10).toLowerCase()}@example.com`, name: data.name ?? 'Test User' } });
}

/** A live session for the user; `cookie` is the header a browser or fetch sends with it. */
export async function createSession(deps: Deps, userId: string, hours = 1) {
  const token = randomId(48);
  await deps.db.session.create({ data: { token, userId, expiresAt: new Date(Date.now() + hours * 3600_000) } });
  return { token, cookie: `sheafUserToken=${token}` };
}

/** A task in the user's history that failed with a catalogue code. */
export async function createFailedTask(deps: Deps, userId: string, data: { tool?: string; name?: string; errorCode: ErrorCode; errorMessage?: string }) {
  return deps.db.task.create({
    data: {
      tool: data.tool ?? 'merge-pdf',
      name: data.name ?? 'document.pdf',
      status: 'FAILED',
      options: {},
      inputTokens: [],
      errorCode: data.errorCode,
      errorMessage: data.errorMessage,
      userId,
      finishedAt: new Date(),
    },
  });
}

/** A catalogue product's row (as the seed writes it), created if this database was never seeded. */
export async function catalogueProduct(deps: Deps, code = 'pro_month') {
  const p = loadCatalogue().find((c) => c.code === code);
  if (!p) throw new Error(`no catalogue product ${code}`);
  const data = { name: p.name, businessType: p.businessType, productType: p.productType, amountUsd: p.amount.USD, amountEur: p.amount.EUR, listPriceUsd: p.listPrice.USD, listPriceEur: p.listPrice.EUR, trialDays: p.trialDays };
  return deps.db.product.upsert({ where: { code }, create: { code, ...data }, update: {} });
}

/** A plan the user holds without going through Stripe (a subscription row as the webhook writes it). */
export async function createSubscription(
  deps: Deps,
  userId: string,
  data: { code?: string; status?: 'TRIALING' | 'ACTIVE' | 'PAST_DUE' | 'CANCELED' | 'EXPIRED'; currentPeriodEnd?: Date | null } = {},
) {
  const product = await catalogueProduct(deps, data.code);
  const end = data.currentPeriodEnd === undefined ? (product.productType === 'FOREVER' ? null : new Date(Date.now() + 30 * 86400_000)) : data.currentPeriodEnd;
  return deps.db.subscription.create({
    data: { userId, productId: product.id, status: data.status ?? 'ACTIVE', amountCents: product.amountUsd, currency: 'USD', currentPeriodStart: new Date(), currentPeriodEnd: end },
  });
}
