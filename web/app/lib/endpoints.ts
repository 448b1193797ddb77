import type { z } from 'zod';
import type { EndpointId, EndpointRoutes, Endpoints } from '#shared/endpoints';

/**
 * Each endpoint's method and path, taken from its declaration when the app is built (web/vite.config.ts):
 * the browser gets this small table, not the declarations' schemas and descriptions. Read when a call
 * is made, so a module that only imports the client loads without it (routes.ts, read by React Router's config loader).
 */
declare const __ENDPOINT_ROUTES__: EndpointRoutes;
let routes: EndpointRoutes | undefined;
export const routeOf = <Id extends EndpointId>(id: Id): EndpointRoutes[Id] => (routes ??= __ENDPOINT_ROUTES__)[id];

type Spec<Id extends EndpointId> = Endpoints[Id];

/** What a call sends: the body, query and path parameters its declaration validates, each typed by its schema. */
type BodyPart<E> = E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown;
type QueryPart<E> = E extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> } : unknown;
type ParamsPart<E> = E extends { params: infer P } ? { params: { -readonly [K in keyof P]: string } } : unknown;
export type RequestOf<Id extends EndpointId> = BodyPart<Spec<Id>> & QueryPart<Spec<Id>> & ParamsPart<Spec<Id>>;

/** The `data` of a `{ code: 0, data }` answer, as its declared schema reads it (`undefined` for a bare `{ code: 0 }`). */
type DataOf<S> = S extends z.ZodType ? (z.output<S> extends { code: 0 } ? (z.output<S> extends { data: infer D } ? D : undefined) : never) : never;
export type DataAnswer<Id extends EndpointId> = DataOf<Spec<Id>['answer'] extends { schema: infer S } ? S : never>;

/** The endpoints answered with the `{ code: 0, data }` envelope: the ones `callEndpoint` calls. */
export type EnvelopeEndpoint = { [Id in EndpointId]: [DataAnswer<Id>] extends [never] ? never : Id }[EndpointId];

/** The request as an argument: left out when the endpoint takes none. */
export type RequestArg<Id extends EndpointId> = {} extends RequestOf<Id> ? [request?: RequestOf<Id>] : [request: RequestOf<Id>];

/** An endpoint's address: its declared path with the parameters filled in, and its query. */
export function endpointUrl<Id extends EndpointId>(id: Id, given: Partial<RequestOf<Id>> = {}): string {
  const request = given as Partial<{ params: Record<string, string>; query: Record<string, unknown> }>;
  const path = routeOf(id).path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
  const query = Object.entries(request.query ?? {}).filter(([, v]) => v !== undefined);
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
}

