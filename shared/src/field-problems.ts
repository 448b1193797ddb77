import { z } from 'zod';

/** The part of a JSON Schema (as zod writes it) that says what a field takes. */
export type FieldSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: FieldSchema[];
  oneOf?: FieldSchema[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  description?: string;
  default?: unknown;
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: string[];
};

/** Past this a bound is the type's own (MAX_SAFE_INTEGER), not the field's. */
const NO_BOUND = 1e9;

const isNumeric = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

function numberRange(schema: FieldSchema): string | undefined {
  if (schema.minimum === undefined || schema.maximum === undefined || schema.maximum >= NO_BOUND) return undefined;
  const step = schema.multipleOf && schema.multipleOf !== 1 ? ` in steps of ${schema.multipleOf}` : '';
  return `${schema.minimum}–${schema.maximum}${step}`;
}

/** What one branch of a field takes: its values, `true|false`, `integer 72–300`, `text`, or the branch's own description. */
function branchValues(schema: FieldSchema): string[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(branchValues);
  if (schema.enum) return schema.enum.map(String);
  if (schema.const !== undefined) return [String(schema.const)];
  // A branch that explains itself (OCR's "up to 3 of them joined by +") says more than its type.
  if (schema.description && schema.type === 'string') return [schema.description];
  switch (schema.type) {
    case 'boolean':
      return ['true', 'false'];
    case 'integer':
    case 'number': {
      const range = numberRange(schema);
      return [range ? `${schema.type} ${range}` : schema.type];
    }
    case 'string':
      return ['text'];
    case 'array':
    case 'object':
      return ['JSON'];
    default:
      return [];
  }
}

/**
 * What a field takes, in the words of its JSON Schema, once each: `low`, `medium`, `integer 10–90`,
 * `true`, `text`. Numbers sent as strings ("10" … "90") are left out where a range already covers them.
 */
export function allowedValues(schema: FieldSchema): string[] {
  const values = [...new Set(branchValues(schema))];
  const ranges = (schema.anyOf ?? schema.oneOf ?? [schema]).filter((s) => numberRange(s) !== undefined);
  const covered = (value: string) => isNumeric(value) && ranges.some((r) => Number(value) >= r.minimum! && Number(value) <= r.maximum!);
  return values.filter((v) => !covered(v));
}

/** True when a field's values can be listed (an enum, a range, true/false), not just typed ("text"). */
const enumerates = (values: readonly string[]) => values.some((v) => v !== 'text' && v !== 'JSON' && v !== 'number' && v !== 'integer');

const list = (values: readonly string[]) =>
  values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/** `10–90 in steps of 10` rather than `integer 10–90` once the field's name says what it is. */
const shown = (value: string) => value.replace(/^(integer|number) (?=-?\d)/, '');

/** One refused field of a request: its path, a sentence naming it, and what it takes where that can be listed. */
export interface FieldProblem {
  field: string;
  message: string;
  allowed?: string[];
}

const schemaCache = new WeakMap<z.ZodType, FieldSchema>();

function requestSchema(schema: z.ZodType): FieldSchema {
  let json = schemaCache.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as FieldSchema;
    schemaCache.set(schema, json);
  }
  return json;
}

/** The schema of the field at `path` inside a request's schema (through objects, arrays and unions). */
function fieldSchema(root: FieldSchema, path: readonly PropertyKey[]): FieldSchema | undefined {
  let node: FieldSchema | undefined = root;
  for (const key of path) {
    if (!node) return undefined;
    const branches: FieldSchema[] = node.anyOf ?? node.oneOf ?? [node];
    node = typeof key === 'number' ? branches.find((b) => b.items)?.items : branches.find((b) => b.properties?.[String(key)])?.properties?.[String(key)];
  }
  return node;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined), input);
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

function bound(issue: { origin?: string; inclusive?: boolean }, value: number | bigint, small: boolean): string {
  const what = issue.origin === 'string' ? ' characters' : issue.origin === 'array' || issue.origin === 'set' ? ' items' : '';
  const verb = issue.origin === 'array' || issue.origin === 'set' ? 'must have' : 'must be';
  if (what) return `${verb} ${small ? 'at least' : 'at most'} ${value}${what}`;
  if (issue.inclusive === false) return `must be ${small ? 'greater' : 'less'} than ${value}`;
  return `must be ${small ? 'at least' : 'at most'} ${value}`;
}

/** The sentence for one zod issue, starting with the field's name. */
function describe(issue: z.core.$ZodIssue, field: string, values: string[], sent: unknown): string {
  const oneOf = `${field} must be ${values.length > 2 ? 'one of ' : ''}${list(values.map(shown))}`;
  switch (issue.code) {
    case 'invalid_value':
      return `${field} must be ${issue.values.length > 2 ? 'one of ' : ''}${list(issue.values.map(String))}`;
    case 'invalid_union':
      return enumerates(values) ? oneOf : `${field} is not valid`;
    case 'invalid_type':
      if (sent === undefined) return `${field} is required`;
      return enumerates(values) ? oneOf : `${field} must be ${article(issue.expected)}`;
    case 'too_small':
      return `${field} ${bound(issue, issue.minimum, true)}`;
    case 'too_big':
      return `${field} ${bound(issue, issue.maximum, false)}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}`;
    case 'invalid_format':
      if (enumerates(values)) return oneOf;
      return issue.format === 'regex' ? `${field} is not in the expected form` : `${field} must be a valid ${issue.format}`;
    case 'custom':
      // A refinement's own words: "rate is required for custom", "must name one to 3 different languages".
      if (issue.message.startsWith(field)) return issue.message;
      return issue.message.startsWith('must ') ? `${field} ${issue.message}` : `${field}: ${issue.message}`;
    default:
      return `${field}: ${issue.message}`;
  }
}

/**
 * The refused fields of a request, one sentence each, from the zod issues and the request's own
 * schema (which lists the values a field takes): "compress must be one of low, medium, high, custom
 * or 10–90 in steps of 10". The API's answers and the `sheaf` command say the same.
 */
export function fieldProblems(schema: z.ZodType, error: z.ZodError, input: unknown): FieldProblem[] {
  const root = requestSchema(schema);
  const problems = new Map<string, FieldProblem>();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = [...issue.path, key].join('.');
        problems.set(field, { field, message: `${field} is not a field of this request` });
      }
      continue;
    }
    const field = issue.path.join('.') || 'body';
    if (problems.has(field)) continue;
    const own = fieldSchema(root, issue.path);
    const values = own ? allowedValues(own) : [];
    const allowed = issue.code === 'invalid_value' ? issue.values.map(String) : enumerates(values) ? values.map(shown) : undefined;
    problems.set(field, { field, message: describe(issue, field, values, valueAt(input, issue.path)), ...(allowed ? { allowed } : {}) });
  }
  return [...problems.values()];
}

/** The problems as one message: "language must be one of …; redo must be true or false". */
export const problemsMessage = (problems: readonly FieldProblem[]) => problems.map((p) => p.message).join('; ');

/**
 * U+0000, which PostgreSQL cannot store in text, and half of a surrogate pair, which no UTF-8 can
 * carry (JSON's `"\ud800"` parses to one): text holding either is refused, never stored.
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export const isUnstorableText = (text: string) => UNSTORABLE.test(text);

/** A field whose name itself holds such a character is named with it escaped: `x\u0000`. */
const escaped = (name: string) => name.replace(UNSTORABLE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const unstorableTextProblem = (field: string): FieldProblem => ({
  field: escaped(field),
  message: `${escaped(field)} must not contain U+0000 (NUL) or an unpaired surrogate`,
});

/** A hostile body may hold thousands of such strings: the answer names the first few. */
const MAX_UNSTORABLE_PROBLEMS = 10;

/** Past this a field's name is cut: a body nested a million deep names its field `0.0.0.…`. */
const FIELD_NAME_MAX = 200;

/** An object as JSON and form parsers make them (a raw body's Buffer is not one). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An array or object being walked: its field names (an array's are its indexes) and the next one to look at. */
interface Frame {
  value: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
}

const frameOf = (value: unknown): Frame | undefined =>
  Array.isArray(value) ? { value, keys: null, next: 0 } : isPlainObject(value) ? { value, keys: Object.keys(value), next: 0 } : undefined;

/** The field the walk stands on: the key each frame last took, joined as zod joins a path. */
function fieldOf(stack: readonly Frame[]): string {
  let field = '';
  for (const f of stack) {
    field += `${field ? '.' : ''}${f.keys ? f.keys[f.next - 1] : f.next - 1}`;
    if (field.length > FIELD_NAME_MAX) return `${field.slice(0, FIELD_NAME_MAX)}…`;
  }
  return field;
}

/**
 * The fields of a parsed request (a JSON body, a form's fields) whose text, or whose name, holds
 * U+0000 or an unpaired surrogate, in the order sent, each named by its path as zod names fields:
 * `operations.operations.0.text`. Walked without recursion: a 2 MB body may nest arrays a million deep.
 */
export function unstorableTextProblems(input: unknown): FieldProblem[] {
  if (typeof input === 'string') return UNSTORABLE.test(input) ? [unstorableTextProblem('body')] : [];
  const problems: FieldProblem[] = [];
  const first = frameOf(input);
  const stack = first ? [first] : [];
  while (stack.length > 0 && problems.length < MAX_UNSTORABLE_PROBLEMS) {
    const top = stack[stack.length - 1];
    const size = top.keys ? top.keys.length : (top.value as unknown[]).length;
    if (top.next >= size) {
      stack.pop();
      continue;
    }
    const key = top.keys ? top.keys[top.next] : top.next;
    top.next++;
    const child = (top.value as Record<string | number, unknown>)[key];
    if (typeof key === 'string' && UNSTORABLE.test(key)) problems.push(unstorableTextProblem(fieldOf(stack)));
    else if (typeof child === 'string') {
      if (UNSTORABLE.test(child)) problems.push(unstorableTextProblem(fieldOf(stack)));
    } else if (typeof child === 'object' && child !== null) {
      const frame = frameOf(child);
      if (frame) stack.push(frame);
    }
  }
  return problems;
}
