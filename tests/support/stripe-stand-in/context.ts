import type { Clock } from './clock';
import type { Params } from './form-body';
import type { Store } from './store';
import type { Webhooks } from './webhooks';

/** What every resource module works with. */
export interface StandIn {
  store: Store;
  clock: Clock;
  webhooks: Webhooks;
  /** The stand-in's own address, for the hosted pages' URLs. */
  baseUrl: string;
}

export interface ApiRequest {
  /** Query and body parameters together, parsed from Stripe's bracket notation. */
  params: Params;
  /** The `:name` parts of the route's path. */
  path: Record<string, string>;
  /** The request's path, which lists echo as their `url`. */
  url: string;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** A path under /v1 with `:name` parts, e.g. `/v1/checkout/sessions/:id/expire`. */
  path: string;
  handle(req: ApiRequest): unknown;
}

export type PageAnswer = { status: number; html: string } | { redirect: string };

export interface PageRoute {
  method: 'GET' | 'POST';
  path: string;
  handle(req: ApiRequest): Promise<PageAnswer> | PageAnswer;
}
