import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { AI_PATHS, type AiDocumentView } from '#shared/ai/api';
import { runEngine } from '../worker/src/engines/run';
import { fixture } from '../tests/support/fixtures';
import { startOpenAiStandIn } from '../tests/support/openai-stand-in';
import { median, runTask, scratchDir, secs, table, timed, upload, visitorClient, withStack, type VisitorClient } from './lib';

const TEXT_PAGES = 100;
const SCAN_PAGES = 20;
const INDEX_LIMIT_MS = 600_000;
const QUESTION = 'What is the oracle used for when compiling loops?';

/**
 * The AI assistant's speed through the real api and worker: indexing a 100-page text PDF and a
 * 20-page scan (upload to ready), beside what the same machine takes for the bare work (pdftotext of
 * the whole file; the PDF OCR tool on the same scan); then the time to the first token of an answer,
 * in document mode and in generative mode against the local OpenAI-protocol stand-in (which answers
 * at once, so the figure is Sheaf's own share of the wait).
 */
export async function aiSpeedBench(): Promise<string> {
  const dir = await scratchDir('ai-speed');
  const textPdf = path.join(dir, `text-${TEXT_PAGES}.pdf`);
  const book = fixture('pdf/pypdf_GeoTopo-komprimiert.pdf');
  await runEngine('qpdf', ['--empty', '--pages', book, `1-${TEXT_PAGES}`, '--', textPdf], { timeoutMs: 60_000, okCodes: [0, 3] });
  const scanPdf = path.join(dir, `scan-${SCAN_PAGES}.pdf`);
  const scans = ['ocrmypdf_c02-22.pdf', 'ocrmypdf_francais.pdf', 'ocrmypdf_skew.pdf', 'ocrmypdf_ccitt.pdf'].map((f) =>
    fixture(`scanned/${f}`),
  );
  const repeated = Array.from({ length: SCAN_PAGES }, (_, i) => scans[i % scans.length]);
  await runEngine('qpdf', ['--empty', '--pages', ...repeated, '--', scanPdf], { timeoutMs: 60_000, okCodes: [0, 3] });

  const rawText = await timed(() => runEngine('pdftotext', [textPdf, path.join(dir, 'text.txt')], { timeoutMs: 120_000 }));
  const rows: string[][] = [];
  const documentMode = await withStack(async (stack) => {
    const client = visitorClient(stack.baseUrl);
    const text = await indexThroughApi(client, textPdf);
    rows.push([
      `Index a ${TEXT_PAGES}-page text PDF (upload to ready)`,
      secs(text.seconds),
      `pdftotext of the file: ${secs(rawText.seconds)}`,
    ]);
    const scan = await indexThroughApi(client, scanPdf);
    const ocrTool = await timed(async () =>
      runTask(client, { toolType: 'pdf-ocr', token: await upload(client, scanPdf) }, 250, INDEX_LIMIT_MS),
    );
    rows.push([
      `Index a ${SCAN_PAGES}-page scan (upload to ready, ${scan.view.ocrPages} pages by OCR)`,
      secs(scan.seconds),
      `PDF OCR tool on the same scan (upload to Done): ${secs(ocrTool.seconds)}`,
    ]);
    const paper = await indexThroughApi(client, fixture('pdf/pdfjs_tracemonkey.pdf'));
    return firstToken(client, paper.view.documentId);
  });
  const standIn = await startOpenAiStandIn({ apiKey: 'bench-key' });
  const generative = await withStack(
    async (stack) => {
      const client = visitorClient(stack.baseUrl);
      const paper = await indexThroughApi(client, fixture('pdf/pdfjs_tracemonkey.pdf'));
      return firstToken(client, paper.view.documentId);
    },
    { env: { AI_BASE_URL: standIn.url, AI_API_KEY: 'bench-key', AI_MODEL: 'stand-in' } },
  ).finally(() => standIn.close());
  rows.push(
    ['Document mode: first answer token (median of 5)', ms(documentMode.first), `whole answer: ${ms(documentMode.whole)}`],
    ['Generative mode, local stand-in model: first token (median of 5)', ms(generative.first), `whole answer: ${ms(generative.whole)}`],
  );
  return [
    '## AI assistant: indexing and answer speed',
    '',
    `Through the real api and worker on this machine, one run each. The ${TEXT_PAGES}-page PDF is the first ${TEXT_PAGES} pages of pypdf_GeoTopo-komprimiert.pdf; ` +
      `the scan repeats four one-page scans of tests/fixtures/scanned to ${SCAN_PAGES} pages. The question is asked of pdfjs_tracemonkey.pdf.`,
    '',
    table(['Measure', 'Sheaf', 'Beside it, same run'], rows),
  ].join('\n');
}

async function indexThroughApi(client: VisitorClient, file: string): Promise<{ seconds: number; view: AiDocumentView }> {
  const { seconds, result } = await timed(async () => {
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'application/pdf' }), path.basename(file));
    const uploaded = await client.post(AI_PATHS.uploadAiPdf, form);
    const added = await client.post(AI_PATHS.addFile, { token: uploaded.token });
    const { documentId } = (added.data ?? {}) as { documentId?: string };
    if (!documentId) throw new Error(`addFile of ${path.basename(file)} answered ${JSON.stringify(added)}`);
    const started = performance.now();
    for (;;) {
      const res = await client.get(`${AI_PATHS.getDocument}?documentId=${documentId}`);
      const view = ((await res.json()) as { data: AiDocumentView }).data;
      if (view.status === 'ready') return view;
      if (view.status === 'failed') throw new Error(`indexing ${path.basename(file)} failed: ${view.errorCode}`);
      if (performance.now() - started > INDEX_LIMIT_MS)
        throw new Error(`indexing ${path.basename(file)} not ready after ${INDEX_LIMIT_MS / 1000} s (${view.progress}%)`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  return { seconds, view: result };
}

/** Median time to the first `delta` event of stream/ask, and to the end of the answer. */
async function firstToken(client: VisitorClient, documentId: string): Promise<{ first: number; whole: number }> {
  const firsts: number[] = [];
  const wholes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await client.send(AI_PATHS.ask, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ documentId, question: QUESTION, mode: 'chat' }),
    });
    if (!res.ok || !res.body) throw new Error(`stream/ask answered ${res.status}`);
    let first = 0;
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (!first && /event: delta/.test(decoder.decode(chunk.value, { stream: true }))) first = performance.now() - started;
    }
    if (!first) throw new Error('stream/ask sent no delta: the answer was refused or failed');
    firsts.push(first);
    wholes.push(performance.now() - started);
  }
  return { first: median(firsts), whole: median(wholes) };
}

const ms = (milliseconds: number) => `${Math.round(milliseconds)} ms`;
