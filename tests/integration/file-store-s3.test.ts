import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PATHS, type AiDocumentView } from '#shared/ai/api';
import { sweepExpiredFiles, VISITOR_AI_DOCUMENT_DAYS } from '../../worker/src/jobs/retention';
import { visitor } from '../support/api-client';
import { fixture, qpdfPages } from '../support/fixtures';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { startStack, type Stack } from '../support/stack';

const SMALL = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');
const SECOND = fixture('pdf/pdf20_via-incremental-save.pdf');

/** The body's bytes, whatever its type (supertest parses only text and JSON by itself). */
const binary = (req: request.Test) =>
  req.buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });

describe('FILE_STORE=s3: api and worker keep every file in the bucket', () => {
  let s3: S3TestServer;
  let stack: Stack;
  let clock = new Date();
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    s3 = await startS3Server();
    // The S3 driver is configured as an operator would: the AWS SDK's own variables, read by the api and the worker alike.
    for (const [name, value] of Object.entries(s3.sdkEnv)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    // A worker from the start: an AI document's page count comes from the thumbnail job.
    stack = await startStack({ FILE_STORE: 's3', S3_BUCKET: s3.bucket });
    stack.deps.now = () => clock;
  });
  afterAll(async () => {
    await stack?.stop();
    await s3?.stop();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** The bucket's keys a case added: each case stands on its own, whatever another left behind. */
  const keysSince = async (before: string[]) => (await s3.keys()).filter((k) => !before.includes(k));

  // The first task of the run starts a task host: a loaded machine may take more than the default minute.
  it("keeps an AI document's copy in the bucket, serves its viewer by range, and retention removes its objects", { timeout: 120_000 }, async () => {
    const before = await s3.keys();
    const v = visitor(stack.app);
    const up = await v.agent.post(AI_PATHS.uploadAiPdf).attach('file', fs.readFileSync(SMALL), 'simple.pdf');
    const added = await v.agent.post(AI_PATHS.addFile).send({ token: up.body.token });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const doc = (await v.agent.get(AI_PATHS.getDocument).query({ documentId: added.body.data.documentId })).body.data as AiDocumentView;
    // The upload, its first page's thumbnail (rendered to count the pages) and the document's own copy.
    const keys = await keysSince(before);
    expect(keys).toHaveLength(3);
    expect(keys.filter((k) => k.endsWith('_p1'))).toHaveLength(1);
    // pdf.js asks the viewer's file for ranges.
    const viewed = await binary(v.agent.get(doc.fileUrl).set('Range', 'bytes=1-3'));
    expect(viewed.status).toBe(206);
    expect((viewed.body as Buffer).toString('latin1')).toBe('PDF');
    expect(viewed.headers['content-range']).toBe(`bytes 1-3/${fs.statSync(SMALL).size}`);

    clock = new Date(Date.now() + (VISITOR_AI_DOCUMENT_DAYS + 1) * 86_400_000);
    await sweepExpiredFiles(stack.deps);
    expect(await keysSince(before)).toEqual([]);
    clock = new Date();
  });

  it('a worker reads its inputs from the bucket and writes its output there; downloads take ranges; retention empties the bucket', async () => {
    const before = await s3.keys();
    const v = visitor(stack.app);
    const tokens = [await v.uploadToken(SMALL), await v.uploadToken(SECOND)];
    const done = await v.waitForTask((await v.transfer({ toolType: 'merge-pdf', urls: tokens.join(';') })).body.id);
    expect(done.code, JSON.stringify(done)).toBe(1000);
    const files = await stack.deps.db.file.findMany({ where: { OR: [{ token: { in: tokens } }, { taskId: done.id }] } });
    expect(files).toHaveLength(3);
    expect(await keysSince(before)).toEqual(files.map((f) => f.storageKey).sort());
    // Nothing went to the local disk.
    expect(files.filter((f) => fs.existsSync(path.join(stack.deps.env.filesDir, f.storageKey.slice(0, 2), f.storageKey)))).toEqual([]);

    const url = done.result.fileurl!;
    const whole = await binary(v.agent.get(url));
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const merged = path.join(stack.deps.env.tmpDir, `merged-${done.id}.pdf`);
    fs.writeFileSync(merged, whole.body as Buffer);
    expect(qpdfPages(merged)).toBe(qpdfPages(SMALL) + qpdfPages(SECOND));
    fs.rmSync(merged);
    // The task's zip streams its outputs from the bucket too.
    const zip = await v.download(`/api/miaohui/file/zip/${done.id}`, path.join(stack.deps.env.tmpDir, `merged-${done.id}.zip`));
    const zipped = execFileSync('python3', [
      '-c',
      'import sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);sys.stdout.buffer.write(z.read(z.namelist()[0]))',
      zip.path,
    ]);
    expect(zipped).toEqual(whole.body);
    fs.rmSync(zip.path);

    const size = (whole.body as Buffer).length;
    const head = await binary(v.agent.get(url).set('Range', 'bytes=0-4'));
    expect(head.status).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-4/${size}`);
    expect((head.body as Buffer).toString('latin1')).toBe('%PDF-');
    const tail = await binary(v.agent.get(url).set('Range', 'bytes=-10'));
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual((whole.body as Buffer).subarray(size - 10));
    const past = await v.agent.get(url).set('Range', `bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    clock = new Date(Date.now() + (stack.deps.env.FILE_RETENTION_MINUTES + 1) * 60_000);
    await sweepExpiredFiles(stack.deps);
    expect(await keysSince(before)).toEqual([]);
  });
});
