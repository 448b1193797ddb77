/** An answer in Stripe's error shape: `{ error: { type, code?, message, param? } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  get body() {
    return { error: { type: this.type, message: this.message, ...(this.code && { code: this.code }), ...(this.param && { param: this.param }) } };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) => new StripeApiError(400, 'invalid_request_error', message, code, param);

export const noSuch = (what: string, id: string, param = 'id') => new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);
