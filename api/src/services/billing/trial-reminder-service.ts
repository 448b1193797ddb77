import type { Deps } from '#shared/server/deps';
import { sendBillingMail } from './billing-mail';

/** How long before a trial ends its reminder goes out: the spec bills unless cancelled 24 hours before. */
const REMIND_HOURS = 24;

/**
 * Mails 'trial ends in 24 hours' to each trialing user whose trial ends within the day and who has
 * not cancelled. Each trial is claimed before its mail, so several API processes send it once.
 */
export async function sendTrialReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const due = await deps.db.subscription.findMany({
    where: { status: 'TRIALING', cancelAtPeriodEnd: false, trialReminderAt: null, trialEnd: { gt: now, lte: new Date(now.getTime() + REMIND_HOURS * 3600_000) } },
    include: { product: true, order: true, user: { select: { email: true } } },
  });
  let sent = 0;
  for (const s of due) {
    const claimed = await deps.db.subscription.updateMany({ where: { id: s.id, trialReminderAt: null }, data: { trialReminderAt: now } });
    if (claimed.count !== 1) continue;
    await sendBillingMail(deps, s.user.email, s.order?.lang ?? 'en', { kind: 'trialEnding', plan: s.product.name, amountCents: s.amountCents, currency: s.currency, date: s.trialEnd! });
    sent++;
  }
  return sent;
}
