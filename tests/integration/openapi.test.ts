import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import express, { type Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCR_LANGUAGES } from '#shared/tools/pdf-ocr';
import { checkAnswers } from '../support/answer-check';
import { startStack, type Stack } from '../support/stack';

interface Layer {
  rawPath?: string | string[];
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method and path the app routes, walked from Express 5's router stacks (mounted routers included). */
function mountedRoutes(app: Express): string[] {
  const walk = (stack: Layer[], prefix: string): string[] =>
    stack.flatMap((layer) => {
      const paths = [layer.rawPath ?? ''].flat().map((p) => `${prefix}${p === '/' ? '' : p}`);
      if (layer.route)
        return paths.flatMap((p) =>
          Object.keys(layer.route!.methods)
            .filter((m) => m !== '_all')
            .map((m) => `${m} ${p}`),
        );
      if (layer.handle?.stack) return paths.flatMap((p) => walk(layer.handle!.stack!, p));
      return [];
    });
  const routes = walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  // Express writes parameters `:id`, OpenAPI `{id}`; a router's own root is its mount path.
  return [...new Set(routes.map((r) => r.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')))].filter((r) =>
    r.split(' ')[1].startsWith('/api/'),
  );
}

type Json = Record<string, unknown>;

/** Calls `visit` on every object of the document with its JSON pointer. */
function eachObject(value: unknown, visit: (obj: Json, pointer: string) => void, pointer = '') {
  if (typeof value !== 'object' || value === null) return;
  visit(value as Json, pointer);
  for (const [key, child] of Object.entries(value)) eachObject(child, visit, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}

const resolvePointer = (doc: unknown, ref: string) =>
  ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc);

describe('the OpenAPI document', () => {
  let stack: Stack;
  let doc: Json & { paths: Record<string, Record<string, Json>> };
  beforeAll(async () => {
    stack = await startStack({}, { worker: false });
    const res = await request(stack.app).get('/api/docs');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => stack.stop());

  it('documents every route mounted under /api, and no route the app does not have', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`));
    const mounted = mountedRoutes(stack.app);
    expect(mounted.length).toBeGreaterThan(50);
    expect(mounted.filter((r) => !documented.includes(r)).sort()).toEqual([]);
    expect(documented.filter((r) => !mounted.includes(r)).sort()).toEqual([]);
  });

  it('is OpenAPI 3.1 in shape: every operation answers something, every $ref resolves, every example fits its schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(Object.keys(op.responses as Json), `${method} ${path}`).not.toHaveLength(0);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
      }
    }
    const refs: string[] = [];
    eachObject(doc, (obj) => {
      if (typeof obj.$ref === 'string') refs.push(obj.$ref);
      if (obj.propertyName && obj.mapping) refs.push(...Object.values(obj.mapping as Record<string, string>));
    });
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter((ref) => !ref.startsWith('#/') || resolvePointer(doc, ref) === undefined)).toEqual([]);

    // The document is the schemas' base: their `#/components/...` refs resolve inside it.
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const base = 'https://sheaf.invalid/openapi.json';
    ajv.addSchema({ ...doc, $id: base });
    // Many answers share a schema (every error is an Error): one validator per distinct schema.
    const validators = new Map<string, ReturnType<typeof ajv.compile>>();
    const validatorOf = (schema: Json, pointer: string) => {
      const key = JSON.stringify(schema);
      if (!validators.has(key)) validators.set(key, ajv.compile({ $ref: `${base}#${pointer}/schema` }));
      return validators.get(key)!;
    };
    const failures: string[] = [];
    let checked = 0;
    eachObject(doc, (obj, pointer) => {
      if (!obj.schema || !(obj.examples || 'example' in obj)) return;
      const validate = validatorOf(obj.schema as Json, pointer);
      const examples = (obj.examples as Record<string, { value: unknown }> | undefined) ?? { example: { value: obj.example } };
      for (const [name, example] of Object.entries(examples)) {
        checked++;
        if (!validate(example.value)) failures.push(`${pointer} ${name}: ${ajv.errorsText(validate.errors)}`);
      }
    });
    expect(failures).toEqual([]);
    // The main calls' requests and answers, and one example per error code of every operation.
    expect(checked).toBeGreaterThan(200);
    const transfer = doc.paths['/api/miaohui/file/unLoginTransfer'].post as Json;
    expect(JSON.stringify(transfer)).toContain('"TOO_FREQUENT"');
    expect(((transfer.responses as Json)['429'] as { headers: Json }).headers).toHaveProperty('Retry-After');
  });

  it("describes each tool's options from its declaration, webhookUrl among the common fields", () => {
    const schemas = (doc.components as { schemas: Record<string, Json & { properties: Json }> }).schemas;
    expect(schemas['Transfer.split-pdf'].properties).toHaveProperty('splitcount');
    expect(schemas['Transfer.compress-pdf'].properties.compress).toBeTruthy();
    expect(schemas['Transfer.merge-pdf'].properties.webhookUrl).toMatchObject({ type: 'string', maxLength: 2048 });
    expect((schemas.TransferRequest.oneOf as unknown[]).length).toBeGreaterThan(20);
  });

  it('lists the OCR languages, from the declaration, each with its name', () => {
    const schemas = (doc.components as { schemas: Record<string, Json & { properties: Record<string, Json> }> }).schemas;
    const language = schemas['Transfer.pdf-ocr'].properties.language as { anyOf: Json[]; description: string };
    expect(language.anyOf[0]).toMatchObject({ enum: [...OCR_LANGUAGES], 'x-enumDescriptions': { eng: 'English', fra: 'French', chi_sim: 'Chinese (Simplified)' } });
    expect(language.anyOf[1]).toMatchObject({ type: 'string', description: 'up to 3 of them joined by "+" (eng+fra)' });
    expect(language.description).toBe(
      'One of eng: English, fra: French, deu: German, spa: Spanish, ita: Italian, por: Portuguese, chi_sim: Chinese (Simplified); or up to 3 of them joined by "+" (eng+fra).',
    );
  });

  it('shows a refused field as the API answers it, and an unknown file as FILE_NOT_FOUND', () => {
    const transfer = doc.paths['/api/miaohui/file/unLoginTransfer'].post as { responses: Record<string, { content: { 'application/json': { examples: Record<string, { value: Json }> } } }> };
    const refused = transfer.responses['400'].content['application/json'].examples.ILLEGAL_INPUT.value;
    expect(refused).toMatchObject({ code: 400, error: 'ILLEGAL_INPUT', message: 'compress must be one of low, medium, high, custom or 10–90 in steps of 10' });
    expect((refused.data as { fields: Json[] }).fields[0]).toMatchObject({ field: 'compress' });
    const download = doc.paths['/api/miaohui/file/download/{token}'].get as { responses: Record<string, { content: { 'application/json': { examples: Record<string, { value: Json }> } } }> };
    expect(download.responses['404'].content['application/json'].examples.FILE_NOT_FOUND.value).toEqual({ code: 404, message: 'File not found or expired', error: 'FILE_NOT_FOUND' });
  });

  it("holds the stack's answers to their declarations: a success that does not fit, or an undeclared refusal, is reported", async () => {
    const app = express();
    app.get('/api/health', (_req, res) => res.json({ status: 'fine' }));
    app.post('/api/miaohui/file/transferProgress', (_req, res) => res.status(403).json({ code: 403, message: 'no', error: 'FORBIDDEN' }));
    app.get('/api/tools', (_req, res) => res.json({ code: 0, data: [] }));
    const answers = checkAnswers(app);
    await request(app).get('/api/health');
    await request(app).post('/api/miaohui/file/transferProgress');
    await request(app).get('/api/tools');
    expect(answers.problems()).toEqual([
      expect.stringMatching(/^GET \/api\/health → 200: does not fit health's answer/),
      'POST /api/miaohui/file/transferProgress → 403: FORBIDDEN is not among the errors transferProgress declares',
    ]);
  });

  it('serves the same document as a readable page: every path on it, its style allowed by the CSP nonce, no script', async () => {
    const res = await request(stack.app).get('/api/docs/view');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const missing = Object.keys(doc.paths).filter((path) => !res.text.includes(`<code>${path}</code>`));
    expect(missing).toEqual([]);
    expect(res.text).toContain('Transfer.compress-pdf');
    const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(res.headers['content-security-policy'])?.[1];
    expect(nonce).toBeTruthy();
    expect(res.text).toContain(`<style nonce="${nonce}">`);
    expect(res.text).not.toMatch(/<script/i);
  });
});
