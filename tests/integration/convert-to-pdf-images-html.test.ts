import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser } from '../../worker/src/engines/chromium';
import { visitor } from '../support/api-client';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const image = (name: string) => fixture(`images/${name}`);

/** Page sizes in points, "W x H", as pdfinfo prints them. */
function pageSizes(file: string): string[] {
  const out = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
  return [...out.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`);
}

function zipNames(file: string): string[] {
  return execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8' })
    .trim()
    .split('\n');
}

describe('convert to PDF: images and web pages', () => {
  let stack: Stack;
  let tmp: string;
  /** The page to convert, on an operator-allowlisted local server, and an internal address that must never be reached. */
  let site: http.Server;
  let trap: http.Server;
  let siteUrl: string;
  let trapUrl: string;
  const trapHits: string[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-images-html-'));
    trap = http.createServer((req, res) => {
      trapHits.push(req.url ?? '');
      res.end('TOP SECRET');
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
    site = http.createServer((req, res) => {
      if (req.url?.startsWith('/redirect')) {
        res.writeHead(302, { location: `${trapUrl}/redirected` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Greenhouse notes: "May" – Sheaf</title><h1>Sheaf integration page</h1><p>Converted through the API.</p><img src="${trapUrl}/pixel.png">`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const sitePort = (site.address() as AddressInfo).port;
    siteUrl = `http://127.0.0.1:${sitePort}`;
    // As an operator would name an internal host the converter may reach; read by the worker per job.
    process.env.URL_FETCH_ALLOWLIST = `127.0.0.1:${sitePort}`;
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.stop();
    await closeBrowser();
    site.close();
    trap.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('merges images of several formats into one PDF, in upload order', async () => {
    const v = visitor(stack.app);
    const tokens = [];
    for (const name of ['pillow_flower.webp', 'exif_Landscape_6.jpg', 'unstructured_bmp_24.bmp']) tokens.push(await v.uploadToken(image(name), 'jpg-to-pdf'));
    const start = await v.transfer({ toolType: 'jpg-to-pdf', urls: tokens.join(';') });
    expect(start.body).toMatchObject({ code: 500, result: { status: 'Doing' } });
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done', progress: 1 } });
    expect(done.result.pdfurls).toBeUndefined();
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'merged.pdf'));
    expect(out.headers['content-type']).toBe('application/pdf');
    expect(out.headers['content-disposition']).toContain('pillow_flower.pdf');
    // The EXIF-turned photo stands upright: 1800 wide, 1200 high.
    expect(pageSizes(out.path)).toEqual(['480x360', '1800x1200', '200x200']);
  });

  it('makes one PDF per image when merge is false: pdfurls and a zip', async () => {
    const v = visitor(stack.app);
    const a = await v.uploadToken(image('exif_Landscape_3.jpg'), 'jpg-to-pdf');
    const b = await v.uploadToken(image('pillow_multipage.tiff'), 'jpg-to-pdf');
    const done = await v.waitForTask((await v.transfer({ toolType: 'jpg-to-pdf', urls: `${a};${b}`, merge: 'false' })).body.id);
    expect(done.result.status).toBe('Done');
    expect(done.result.fileurl).toBeUndefined();
    expect(done.result.pdfurls).toHaveLength(2);
    const pages = [];
    for (const [i, url] of done.result.pdfurls!.entries()) pages.push(qpdfPages((await v.download(url, path.join(tmp, `part-${i}.pdf`))).path));
    expect(pages).toEqual([1, 3]);
    const zip = await v.download(done.result.zipurl!, path.join(tmp, 'images.zip'));
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zipNames(zip.path).sort()).toEqual(['exif_Landscape_3.pdf', 'pillow_multipage.pdf']);
  });

  it('resizes to a preset and refuses a custom size without its height', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(image('pillow_flower.webp'), 'jpg-to-pdf');
    const done = await v.waitForTask((await v.transfer({ toolType: 'jpg-to-pdf', token, resize: '1024' })).body.id);
    expect(pageSizes((await v.download(done.result.fileurl!, path.join(tmp, 'resized.pdf'))).path)).toEqual(['1024x768']);
    const bad = await v.transfer({ toolType: 'jpg-to-pdf', token, resize: 'custom', width: 300 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('width and height are required for a custom size');
  });

  it('turns every frame of an animated GIF into a page, or only the first', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(image('pillow_chi.gif'), 'gif-to-pdf');
    const all = await v.waitForTask((await v.transfer({ toolType: 'gif-to-pdf', token })).body.id);
    expect(qpdfPages((await v.download(all.result.fileurl!, path.join(tmp, 'frames.pdf'))).path)).toBe(31);
    const first = await v.waitForTask((await v.transfer({ toolType: 'gif-to-pdf', token, frames: 'first' })).body.id);
    expect(qpdfPages((await v.download(first.result.fileurl!, path.join(tmp, 'first.pdf'))).path)).toBe(1);
  });

  it('refuses HEIC, which this build cannot decode, and a PNG for GIF to PDF', async () => {
    const v = visitor(stack.app);
    const heic = await v.upload(image('unstructured_DA-1p.heic'), 'jpg-to-pdf');
    expect(heic.status).toBe(415);
    expect(heic.body.message).toBe('The file type is not supported');
    const png = await v.uploadToken(image('unstructured_english-and-korean.png'), 'jpg-to-pdf');
    const res = await v.transfer({ toolType: 'gif-to-pdf', token: png });
    expect(res.status).toBe(415);
  });

  it('converts a web page from its URL, with no upload', async () => {
    const v = visitor(stack.app);
    const start = await v.transfer({ toolType: 'html-to-pdf', url: `${siteUrl}/page`, format: 'Letter' });
    expect(start.status).toBe(200);
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'page.pdf'));
    // Named after the page's title, less what a file name cannot hold.
    expect(decodeURIComponent(String(out.headers['content-disposition']).split("UTF-8''")[1])).toBe('Greenhouse notes May – Sheaf.pdf');
    expect(pdfText(out.path)).toContain('Sheaf integration page');
    expect(pageSizes(out.path)).toEqual(['612x792']);
    // The page's picture points at an internal address: left out, not fetched.
    expect(trapHits).toEqual([]);
  });

  it.each([
    [{}, 'Please fill out URL input field'],
    [{ url: '' }, 'Please fill out URL input field'],
    [{ url: '   ' }, 'Please fill out URL input field'],
    [{ url: 'example.com' }, 'Please provide a valid URL'],
    [{ url: 'www.example.com/page' }, 'Please provide a valid URL'],
    [{ url: 'ftp://example.com/file' }, 'Please provide a valid URL'],
    [{ url: 'javascript:alert(1)' }, 'Please provide a valid URL'],
    [{ url: 'http://' }, 'Please provide a valid URL'],
    [{ url: 42 }, 'Please provide a valid URL'],
  ])('answers %j at once with 400 "%s"', async (fields, message) => {
    const res = await visitor(stack.app).transfer({ toolType: 'html-to-pdf', ...fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'URL_BLOCKED', 'This address leads to a private or internal network, which this server does not open for security reasons.'],
    ['http://2130706433/', 'URL_BLOCKED', 'This address leads to a private or internal network, which this server does not open for security reasons.'],
    ['http://[::1]/', 'URL_BLOCKED', 'This address leads to a private or internal network, which this server does not open for security reasons.'],
    ['http://metadata.google.internal/', 'URL_BLOCKED', 'This address leads to a private or internal network, which this server does not open for security reasons.'],
    ['http://localhost:8080/admin', 'URL_BLOCKED', 'This address leads to a private or internal network, which this server does not open for security reasons.'],
    ['http://192.168.1.1/', 'URL_BLOCKED', 'This address leads to a private or internal network, which this server does not open for security reasons.'],
    ['https://no-such-host.invalid/page', 'URL_NOT_FOUND', 'No website was found at this address. Check it for typos.'],
  ])('refuses %s when it is sent, with 400 %s and the reason, and queues nothing', async (url, code, message) => {
    const before = await stack.deps.db.task.count();
    const res = await visitor(stack.app).transfer({ toolType: 'html-to-pdf', url });
    expect([res.status, res.body.error, res.body.message]).toEqual([400, code, message]);
    expect(await stack.deps.db.task.count()).toBe(before);
  });

  it('takes the layout and paper settings, and refuses a value it does not know', async () => {
    const v = visitor(stack.app);
    const start = await v.transfer({ toolType: 'html-to-pdf', url: `${siteUrl}/page`, viewport: 'phone', format: 'fit', media: 'print', onePage: true });
    expect(start.status).toBe(200);
    const done = await v.waitForTask(start.body.id);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'phone.pdf'));
    expect(qpdfPages(out.path)).toBe(1);
    // Fitted to a 390 px phone screen with 10 mm margins: about 350 pt wide.
    expect(Math.abs(Number(pageSizes(out.path)[0].split('x')[0]) - ((390 * 72) / 96 + (2 * 10 * 72) / 25.4))).toBeLessThan(2);
    const bad = await v.transfer({ toolType: 'html-to-pdf', url: `${siteUrl}/page`, viewport: 'watch' });
    expect(bad.status).toBe(400);
  });

  it('fails a page that redirects to an internal address with URL_BLOCKED, and the address is never fetched', async () => {
    const v = visitor(stack.app);
    const done = await v.waitForTask((await v.transfer({ toolType: 'html-to-pdf', url: `${siteUrl}/redirect` })).body.id);
    expect(done.result).toMatchObject({ status: 'Failed', errorCode: 'URL_BLOCKED' });
    expect(await (await fetch(`${trapUrl}/control`)).text()).toBe('TOP SECRET');
    expect(trapHits).toEqual(['/control']);
  });
});
