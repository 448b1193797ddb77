/** A request parameter as Stripe reads it: a string, or nested objects and arrays in bracket notation. */
export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };

/**
 * Parses a form-encoded body or a query string written in Stripe's bracket notation
 * (`line_items[0][price]=…`, `metadata[orderId]=…`, `expand[]=…`) into nested objects and arrays.
 * An index or an empty bracket makes an array; any other key makes an object.
 */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const [head, ...rest] = name.split('[');
    const keys = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let container: Params | Param[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const slot = Array.isArray(container) ? (key === '' ? container.length : Number(key)) : key;
      const next: Param = last ? value : isIndex(keys[i + 1]) ? [] : {};
      const existing = (container as Record<string | number, Param>)[slot];
      if (last || existing === undefined || typeof existing === 'string') (container as Record<string | number, Param>)[slot] = next;
      if (!last) container = (container as Record<string | number, Param>)[slot] as Params | Param[];
    });
  }
  return compact(root) as Params;
}

const isIndex = (key: string) => key === '' || /^\d+$/.test(key);

/** `a[3]=x` alone gives an array with holes; Stripe reads it as a one-element array. */
function compact(value: Param): Param {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

/** Readers for one parameter, each answering Stripe's invalid_request_error on a wrong shape. */
export class ParamError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

export function str(params: Params, key: string): string | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new ParamError(`Invalid string: ${key}`, key);
  return v;
}

export function requiredStr(params: Params, key: string): string {
  const v = str(params, key);
  if (v === undefined || v === '') throw new ParamError(`Missing required param: ${key}.`, key);
  return v;
}

export function int(params: Params, key: string): number | undefined {
  const v = str(params, key);
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw new ParamError(`Invalid integer: ${v}`, key);
  return Number(v);
}

export function bool(params: Params, key: string): boolean | undefined {
  const v = str(params, key);
  if (v === undefined) return undefined;
  if (v !== 'true' && v !== 'false') throw new ParamError(`Invalid boolean: ${v}`, key);
  return v === 'true';
}

export function obj(params: Params, key: string): Params | undefined {
  const v = params[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v === 'string' || Array.isArray(v)) throw new ParamError(`Invalid object: ${key}`, key);
  return v;
}

export function list(params: Params, key: string): Param[] {
  const v = params[key];
  if (v === undefined || v === '') return [];
  if (!Array.isArray(v)) throw new ParamError(`Invalid array: ${key}`, key);
  return v;
}

export function strings(params: Params, key: string): string[] {
  return list(params, key).map((v) => {
    if (typeof v !== 'string') throw new ParamError(`Invalid array of strings: ${key}`, key);
    return v;
  });
}

/** Stripe's metadata update: a key set to '' is removed, and `metadata=''` clears it all. */
export function mergeMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  if (params.metadata === '') return {};
  const update = obj(params, 'metadata');
  if (!update) return current;
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (typeof v !== 'string') throw new ParamError(`Invalid metadata value: ${k}`, `metadata[${k}]`);
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}
