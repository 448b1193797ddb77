import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { convertCold, looksPasswordProtected } from '../../worker/src/engines/soffice-cold';
import { SofficePool, convertToPdf, sofficePoolConfig, type SofficePoolConfig } from '../../worker/src/engines/soffice-pool';
import { fixture, qpdfPages, pdfText } from '../support/fixtures';

const ONE_PAGE = fixture('office/pypdf_source.odt');
/** About 470 pages: long enough to be killed, timed out or aborted mid-way. */
const LONG = fixture('office/unstructured_handbook-872p.docx');
const config = (over: Partial<SofficePoolConfig> = {}): SofficePoolConfig => ({ ...sofficePoolConfig({}), ...over });

let dir: string;
let n = 0;
const out = () => path.join(dir, `out-${++n}.pdf`);
/** True while a process group has a live member (zombies left to an init that does not reap them do not count). */
const groupAlive = (pgid: number) =>
  execFileSync('ps', ['-eo', 'pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .some((line) => {
      const [group, stat] = line.trim().split(/\s+/);
      return Number(group) === pgid && !stat.startsWith('Z');
    });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Processes whose command line mentions `needle` (ps, so the test needs nothing of ours). */
const processesMentioning = (needle: string) =>
  execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(needle) && !l.includes('ps -eo'));
/** Pictures drawn in a PDF (pdfimages lists one per line after a two-line header). */
const imageCount = (pdf: string) => execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').length - 2;

/** A local server that records every request and answers 404: "not fetched" is proven, not assumed. */
async function recordingServer() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { requests, url: (p: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${p}`, close: () => server.close() };
}

/** Converts an xlsx linked to a workbook on a recording server: the cached value prints, nothing is fetched. */
async function printsCachedLinkUnfetched(name: string, convert: (job: { input: string; output: string }) => Promise<unknown>) {
  const server = await recordingServer();
  try {
    const target = out();
    await convert({ input: externalLinkXlsx(name, server.url('/prices.xlsx')), output: target });
    expect(pdfText(target)).toMatch(/Linked price\s+4242/);
    await sleep(500);
    expect(server.requests).toEqual([]);
  } finally {
    server.close();
  }
}

/** A .docx whose only picture is linked from `url` (see tests/support/linked-image-docx.py). */
function linkedPictureDocx(name: string, url: string): string {
  const docx = path.join(dir, name);
  execFileSync('python3', [path.resolve(import.meta.dirname, '../support/linked-image-docx.py'), docx, url]);
  return docx;
}

/** A red PNG on disk and a .docx that links (not embeds) it through a file:// URL. */
async function fileLinkedDocx(name: string): Promise<string> {
  const png = path.join(dir, `${name}.png`);
  await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toFile(png);
  return linkedPictureDocx(`${name}.docx`, `file://${png}`);
}

/**
 * An .xlsx whose B1 is a formula on another workbook at `url`, with the value Excel cached (4242)
 * beside it, as Excel saves an external reference.
 */
function externalLinkXlsx(name: string, url: string): string {
  const xlsx = path.join(dir, name);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.worksheet+xml"/><Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="${ct}.externalLink+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets><externalReferences><externalReference r:id="rId2"/></externalReferences></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/externalLink" Target="externalLinks/externalLink1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><cols><col min="1" max="1" width="30" customWidth="1"/></cols><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Linked price</t></is></c><c r="B1"><f>[1]Prices!A1</f><v>4242</v></c></row></sheetData></worksheet>`,
    'xl/externalLinks/externalLink1.xml': `<?xml version="1.0" encoding="UTF-8"?><externalLink xmlns="${main}" xmlns:r="${rel}"><externalBook r:id="rId1"><sheetNames><sheetName val="Prices"/></sheetNames><sheetDataSet><sheetData sheetId="0"><row r="1"><cell r="A1"><v>4242</v></cell></row></sheetData></sheetDataSet></externalBook></externalLink>`,
    'xl/externalLinks/_rels/externalLink1.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/externalLinkPath" Target="${url}" TargetMode="External"/></Relationships>`,
  };
  execFileSync('python3', ['-c', 'import json,sys,zipfile\nwith zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_DEFLATED) as z:\n for k,v in json.loads(sys.argv[2]).items(): z.writestr(k,v)', xlsx, JSON.stringify(parts)]);
  return xlsx;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-soffice-pool-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the warm pool', () => {
  const pool = new SofficePool(config({ SOFFICE_POOL_SIZE: 2 }));
  afterAll(() => pool.close());

  // How fast a warm conversion is, beside a cold soffice, is measured by `npm run bench -- office`.
  it('converts one document after another on the same warm instance', async () => {
    await pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 });
    const warm = pool.runningPids;
    expect(warm).toHaveLength(1);
    for (let i = 0; i < 7; i++) {
      const target = out();
      await expect(pool.convert({ input: ONE_PAGE, output: target }, { timeoutMs: 60_000 })).resolves.toMatchObject({ kind: 'writer', engine: 'pool' });
      expect(qpdfPages(target)).toBe(1);
      expect(pool.runningPids).toEqual(warm);
    }
  }, 90_000);

  it('starts a second instance only when two conversions run at once', async () => {
    expect(pool.runningPids).toHaveLength(1);
    const targets = [out(), out()];
    await Promise.all(targets.map((output) => pool.convert({ input: ONE_PAGE, output }, { timeoutMs: 60_000 })));
    expect(pool.runningPids).toHaveLength(2);
    for (const t of targets) expect(qpdfPages(t)).toBe(1);
  }, 90_000);

  it('restarts an instance whose soffice was killed mid-conversion', async () => {
    const running = pool.convert({ input: LONG, output: out() }, { timeoutMs: 60_000 });
    await sleep(1500);
    const before = new Set(pool.runningPids);
    // Kill every instance's group, the busy one included: the pool must notice and recover.
    for (const pid of before) process.kill(-pid, 'SIGKILL');
    await expect(running).rejects.toMatchObject({ code: 'TASK_FAILED' });
    const target = out();
    await pool.convert({ input: ONE_PAGE, output: target }, { timeoutMs: 60_000 });
    expect(qpdfPages(target)).toBe(1);
    expect(pool.runningPids.some((pid) => before.has(pid))).toBe(false);
  }, 90_000);

  it('kills an instance that runs past the time limit, and carries on', async () => {
    await pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 });
    const before = pool.runningPids;
    const error = await pool.convert({ input: LONG, output: out() }, { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED', detail: expect.stringMatching(/timed out/) });
    const killed = before.filter((pid) => !pool.runningPids.includes(pid));
    expect(killed).toHaveLength(1);
    await sleep(200);
    expect(groupAlive(killed[0])).toBe(false);
    await expect(pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 })).resolves.toMatchObject({ engine: 'pool' });
  }, 90_000);

  // How soon it stops is measured by `npm run bench -- stopping`.
  it('stops when the task is aborted, before or during the conversion', async () => {
    await expect(pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000, signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'TASK_FAILED',
    });
    await pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 });
    const before = pool.runningPids;
    const target = out();
    await expect(pool.convert({ input: LONG, output: target }, { timeoutMs: 60_000, signal: AbortSignal.timeout(1000) })).rejects.toMatchObject({
      code: 'TASK_FAILED',
      detail: expect.stringMatching(/aborted/),
    });
    // The instance that was converting is stopped, not left to finish the document.
    const stopped = before.filter((pid) => !pool.runningPids.includes(pid));
    expect(stopped).toHaveLength(1);
    await sleep(200);
    expect(groupAlive(stopped[0])).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  }, 90_000);

  it('answers a document LibreOffice cannot load with OFFICE_DAMAGED', async () => {
    const truncated = path.join(dir, 'truncated.doc');
    fs.writeFileSync(truncated, fs.readFileSync(fixture('office/unstructured_fake.doc')).subarray(0, 3000));
    await expect(pool.convert({ input: truncated, output: out() }, { timeoutMs: 60_000 })).rejects.toMatchObject({ code: 'OFFICE_DAMAGED' });
  }, 90_000);

  it('says which import filter read the document', async () => {
    await expect(pool.convert({ input: fixture('office/pydocx_tbl-having-tables.docx'), output: out() }, { timeoutMs: 60_000 })).resolves.toEqual({
      kind: 'writer',
      filter: 'MS Word 2007 XML',
      engine: 'pool',
    });
  }, 90_000);

  it('never fetches a picture the document links to', async () => {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const docx = path.join(dir, 'linked.docx');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pixel.png`;
      execFileSync('python3', [path.resolve(import.meta.dirname, '../support/linked-image-docx.py'), docx, url]);
      const target = out();
      await pool.convert({ input: docx, output: target }, { timeoutMs: 60_000 });
      expect(pdfText(target)).toContain('A picture linked from the network follows.');
      await sleep(500);
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  }, 90_000);

  it('never reads a picture the document links to on the local disk (file://)', async () => {
    const target = out();
    await pool.convert({ input: await fileLinkedDocx('file-linked'), output: target }, { timeoutMs: 60_000 });
    expect(pdfText(target)).toContain('A picture linked from the network follows.');
    expect(imageCount(target)).toBe(0);
  }, 90_000);

  it('prints the cached values of an external-workbook link, and never fetches the workbook', async () => {
    await printsCachedLinkUnfetched('external.xlsx', (job) => pool.convert(job, { timeoutMs: 60_000 }));
  }, 90_000);

  it('stops every instance when closed, and converts no more', async () => {
    const closing = new SofficePool(config({ SOFFICE_POOL_SIZE: 1 }));
    await closing.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 });
    const [pid] = closing.runningPids;
    await closing.close();
    await sleep(200);
    expect(groupAlive(pid)).toBe(false);
    await expect(closing.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 })).rejects.toThrow(/closed/);
  }, 90_000);
});

describe('the cold path (libreoffice-convert)', () => {
  it('takes over when the pool cannot start', async () => {
    const broken = new SofficePool(config({ SOFFICE_PYTHON: '/nonexistent/python3' }));
    const target = out();
    await expect(convertToPdf({ input: ONE_PAGE, output: target }, { timeoutMs: 60_000 }, broken)).resolves.toEqual({ engine: 'cold' });
    expect(qpdfPages(target)).toBe(1);
    await broken.close();
  }, 90_000);

  it('keeps the same safety settings: no linked picture is fetched', async () => {
    const server = await recordingServer();
    try {
      await convertCold({ input: linkedPictureDocx('linked-cold.docx', server.url('/x.png')), output: out() }, { timeoutMs: 60_000 });
      await sleep(500);
      expect(server.requests).toEqual([]);
    } finally {
      server.close();
    }
  }, 90_000);

  it('keeps the same safety settings: no picture linked on the local disk (file://) is read', async () => {
    const target = out();
    await convertCold({ input: await fileLinkedDocx('file-linked-cold'), output: target }, { timeoutMs: 60_000 });
    expect(pdfText(target)).toContain('A picture linked from the network follows.');
    expect(imageCount(target)).toBe(0);
  }, 90_000);

  it('keeps the same safety settings: an external-workbook link shows its cached values, unfetched', async () => {
    await printsCachedLinkUnfetched('external-cold.xlsx', (job) => convertCold(job, { timeoutMs: 60_000 }));
  }, 90_000);

  it('kills soffice at its time limit and leaves no process behind', async () => {
    const error = await convertCold({ input: LONG, output: out() }, { timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
    await sleep(1000);
    expect(processesMentioning('sheaf-cold-')).toEqual([]);
  }, 90_000);
});

describe('password-protected documents', () => {
  /** Written by a private LibreOffice (tests/support/make-office-fixtures.py); the tools never get the password. */
  let made: string;
  const PROTECTED = ['protected.docx', 'protected.doc', 'protected.odt', 'protected.xlsx', 'protected.xls', 'protected.ods', 'protected.pptx', 'protected.odp'];
  beforeAll(() => {
    made = path.join(dir, 'made');
    execFileSync('/usr/bin/python3', [path.resolve(import.meta.dirname, '../support/make-office-fixtures.py'), made], { stdio: 'ignore' });
  }, 120_000);

  it('are told from damaged ones by the file itself, legacy Word and Excel included', async () => {
    for (const name of PROTECTED) expect(await looksPasswordProtected(path.join(made, name)), name).toBe(true);
    const plain = ['unstructured_fake.doc', 'unstructured_fake-doc-emphasized-text.doc', 'unstructured_tests-example.xls', 'unstructured_fake-power-point.ppt', 'pydocx_tbl-having-tables.docx', 'unstructured_fake.odt'];
    for (const name of plain) expect(await looksPasswordProtected(fixture(`office/${name}`)), name).toBe(false);
    for (const name of ['sample.ods', 'sample.odp']) expect(await looksPasswordProtected(path.join(made, name)), name).toBe(false);
  });

  it('fail with OFFICE_PROTECTED through the warm pool', async () => {
    const pool = new SofficePool(config({ SOFFICE_POOL_SIZE: 1 }));
    try {
      for (const name of PROTECTED) {
        const error = await convertToPdf({ input: path.join(made, name), output: out() }, { timeoutMs: 60_000 }, pool).catch((e: unknown) => e);
        expect(error, name).toMatchObject({ code: 'OFFICE_PROTECTED' });
      }
    } finally {
      await pool.close();
    }
  }, 180_000);

  it('fail with OFFICE_PROTECTED with the pool switched off (SOFFICE_POOL=off), on the cold path', async () => {
    const off = new SofficePool(sofficePoolConfig({ SOFFICE_POOL: 'off' }));
    // One of each way the cold path tells them (a cold soffice takes seconds each on a busy machine).
    for (const name of ['protected.doc', 'protected.xls', 'protected.docx', 'protected.ods']) {
      const error = await convertToPdf({ input: path.join(made, name), output: out() }, { timeoutMs: 60_000 }, off).catch((e: unknown) => e);
      expect(error, name).toMatchObject({ code: 'OFFICE_PROTECTED' });
    }
  }, 240_000);
});
