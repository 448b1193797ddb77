import crypto from 'node:crypto';

/**
 * Webhook signatures, Stripe's shape: `Sheaf-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * with the API key's webhook secret. The timestamp lets a receiver refuse a replayed delivery.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'Sheaf-Signature';
/** The delivery's id, the same on every retry: a receiver can drop a delivery it already handled. */
export const WEBHOOK_ID_HEADER = 'Sheaf-Webhook-Id';

const hmac = (secret: string, timestamp: number, body: string) => crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** True when the header signs this raw body with this secret, at most `toleranceSeconds` ago. */
export function verifyWebhook(secret: string, header: string | undefined, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const fields = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(fields.get('t'));
  const given = fields.get('v1');
  if (!Number.isInteger(timestamp) || !given || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
