import { AI } from './endpoints/ai';
import { ACCOUNTS, API_KEYS, SIGNATURES } from './endpoints/accounts';
import { BILLING, PLANS } from './endpoints/billing';
import { CONTENT, SERVICE } from './endpoints/content';
import type { Area, EndpointSpec } from './endpoints/endpoint';
import { FILES, HISTORY } from './endpoints/files';

export type { Access, Area, EndpointSpec, Lane } from './endpoints/endpoint';

/** Every area of the API, in the order the readable page shows them. */
export const AREAS = [FILES, HISTORY, ACCOUNTS, API_KEYS, SIGNATURES, PLANS, BILLING, AI, CONTENT, SERVICE] as const;

/** Every endpoint by its operationId: what the api mounts, the document describes and the clients call. */
export const ENDPOINTS = {
  ...FILES.endpoints,
  ...HISTORY.endpoints,
  ...ACCOUNTS.endpoints,
  ...API_KEYS.endpoints,
  ...SIGNATURES.endpoints,
  ...PLANS.endpoints,
  ...BILLING.endpoints,
  ...AI.endpoints,
  ...CONTENT.endpoints,
  ...SERVICE.endpoints,
};

export type Endpoints = typeof ENDPOINTS;
export type EndpointId = keyof Endpoints;

/** Each endpoint with its id and its area's tag. */
export const endpointList = (): Array<{ id: string; tag: string; spec: EndpointSpec }> =>
  (AREAS as readonly Area[]).flatMap((a) => Object.entries(a.endpoints).map(([id, spec]) => ({ id, tag: a.tag, spec })));

/** Each endpoint's method and path: all a client needs at run time to address it (the web app's build embeds this). */
export type EndpointRoutes = { [Id in EndpointId]: Pick<Endpoints[Id], 'method' | 'path'> };

export const endpointRoutes = (): EndpointRoutes =>
  Object.fromEntries(Object.entries(ENDPOINTS).map(([id, spec]) => [id, { method: spec.method, path: spec.path }])) as EndpointRoutes;
