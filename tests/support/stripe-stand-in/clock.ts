/**
 * The stand-in's notion of now, in Unix seconds: wall time plus what the tests advanced it by,
 * so a three-day trial can end within a test.
 */
export class Clock {
  private offset = 0;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  /** Moves now to `at` (never backwards). */
  moveTo(at: number) {
    this.offset += Math.max(0, at - this.now());
  }
}

const DAY = 86_400;

export type Interval = 'day' | 'week' | 'month' | 'year';

/**
 * The end of the `periods`-th billing period from `anchor`. Months are counted from the anchor, as
 * Stripe does, so a subscription started on 31 January renews on 28 February and then 31 March.
 */
export function periodEnd(anchor: number, interval: Interval, count: number, periods: number): number {
  if (interval === 'day') return anchor + DAY * count * periods;
  if (interval === 'week') return anchor + 7 * DAY * count * periods;
  const months = (interval === 'year' ? 12 : 1) * count * periods;
  const start = new Date(anchor * 1000);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export const days = (n: number) => n * DAY;
