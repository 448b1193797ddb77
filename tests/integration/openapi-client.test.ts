import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import request from 'supertest';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#shared/api';
import { randomId } from '#shared/server/ids';
import { createSession, createUser } from '../support/factories';
import { fixture, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PDF = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');

/**
 * What an API user does with the served document: generate types with openapi-typescript (a file
 * field as a Blob, as its docs show), write a script on openapi-fetch, have tsc check it, run it.
 * The script uses only operations and fields the document names: a wrong path, a misspelt field or
 * a missing one fails the compile, a wrong answer the run.
 */
const CLIENT = `
import fs from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const [baseUrl, key, input, output] = process.argv.slice(2);
const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${key}\` } });

const tools = await client.GET('/api/tools');
if (!tools.data?.data.some((tool) => tool.id === 'rotate-pdf' && tool.available)) throw new Error('tools: ' + JSON.stringify(tools.data ?? tools.error));

const uploaded = await client.POST('/api/miaohui/file/upload', {
  body: { file: new Blob([fs.readFileSync(input)], { type: 'application/pdf' }) },
  bodySerializer(body) {
    const form = new FormData();
    form.append('file', body.file, 'input.pdf');
    return form;
  },
});
if (!uploaded.data) throw new Error('upload: ' + JSON.stringify(uploaded.error));

const started = await client.POST('/api/miaohui/file/transfer', {
  body: { toolType: 'rotate-pdf', token: uploaded.data.token, angle: 90 },
});
if (!started.data) throw new Error('transfer: ' + JSON.stringify(started.error));

let result = started.data.result;
for (let i = 0; result.status === 'Doing' && i < 600; i++) {
  await new Promise((r) => setTimeout(r, 100));
  const polled = await client.POST('/api/miaohui/file/transferProgress', { body: { id: started.data.id } });
  if (!polled.data) throw new Error('progress: ' + JSON.stringify(polled.error));
  result = polled.data.result;
}
if (result.status !== 'Done' || !result.fileurl) throw new Error('task: ' + JSON.stringify(result));

const token = result.fileurl.split('/').pop()!;
const file = await client.GET('/api/miaohui/file/download/{token}', { params: { path: { token } }, parseAs: 'arrayBuffer' });
if (!file.data) throw new Error('download: ' + JSON.stringify(file.error));
fs.writeFileSync(output, Buffer.from(file.data as ArrayBuffer));
console.log(JSON.stringify({ operations: 5, status: result.status }));
`;

describe('a client generated from the live OpenAPI document', () => {
  let stack: Stack;
  const dir = path.join(ROOT, `.tmp-openapi-client-${randomId(8)}`);
  beforeAll(async () => {
    stack = await startStack();
    fs.mkdirSync(dir);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await stack.stop();
  });

  // A compile and a child process: more than the tier's minute on a busy machine.
  it('lists the tools, uploads, transfers, polls and downloads a real PDF with openapi-typescript types and openapi-fetch', async () => {
    const user = await createUser(stack.deps);
    const { cookie } = await createSession(stack.deps, user.id);
    const key = (await request(stack.app).post(API_PATHS.apiKeys).set('Cookie', cookie).send({ name: 'generated client' })).body.data.key as string;

    const binaryAsBlob = (schema: { format?: string }) =>
      schema.format === 'binary' ? ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob')) : undefined;
    const types = astToString(await openapiTS(new URL(`${stack.baseUrl}${API_PATHS.docs}`), { transform: binaryAsBlob }));
    expect(types).toContain('"/api/miaohui/file/upload"');
    expect(types).toContain('unLoginTransfer: {');
    fs.writeFileSync(path.join(dir, 'schema.d.ts'), types);
    fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);

    // One compile of the script and of a copy with a misspelt option field: only the copy is refused, naming the field.
    fs.writeFileSync(path.join(dir, 'misspelt.ts'), CLIENT.replace('angle: 90', 'angel: 90'));
    const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
    const compile = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--types', 'node'];
    const refused = spawnSync(tsc, [...compile, 'client.ts', 'misspelt.ts'], { cwd: dir, encoding: 'utf8' });
    const errors = refused.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((line) => !line.startsWith('misspelt.ts'))).toEqual([]);
    expect(errors.join('\n')).toContain("'angel'");

    const output = path.join(dir, 'rotated.pdf');
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    // Run without blocking: the api it calls answers from this very process.
    const run = await promisify(execFile)(tsx, [path.join(dir, 'client.ts'), stack.baseUrl, key, PDF, output], { cwd: dir, encoding: 'utf8' });
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual({ operations: 5, status: 'Done' });
    expect(qpdfPages(output)).toBe(qpdfPages(PDF));
    // Turned a quarter clockwise: the page says so.
    const objects = execFileSync('qpdf', ['--json=1', '--json-key=objects', output], { encoding: 'utf8' });
    expect(objects).toMatch(/"\/Rotate": 90/);
  }, 240_000);
});
