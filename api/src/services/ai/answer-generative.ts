import type { AiDocument } from '@prisma/client';
import type { AiCitation, AskMode } from '#shared/ai/api';
import type { TextChunk } from '#shared/ai/chunks';
import { checkCitations } from '#shared/ai/citations';
import type { AiChatMessage, AiProvider } from '#shared/server/ai-provider';
import type { Deps } from '#shared/server/deps';
import { sectionSummary, type LoadedDocument } from './answer-document';
import type { AnswerEvent, AnswerOutcome } from './answer-events';
import { answerMessages, documentBlock, summaryPassages, type PromptPassage } from './prompt-answer';

/** Passages the model reads per question, out of the best BM25 candidates. */
const PASSAGES = 6;
const CANDIDATES = 12;

export interface WrittenAnswerInput {
  document: AiDocument | null;
  loaded: LoadedDocument | null;
  question: string;
  mode: AskMode;
  history: AiChatMessage[];
  signal?: AbortSignal;
}

/**
 * Generative mode: the model writes the answer from the retrieved passages, streamed as it comes.
 * Its `[p. N]` citations are then checked against the pages: only those whose page holds what the
 * sentence says are sent and stored. The streamed text is the model's own; the stored text (and the
 * JSON answer) has the markers of dropped citations taken out, so the citations event is the judge
 * of which markers are links.
 */
export async function* writtenAnswer(deps: Deps, ai: AiProvider, input: WrittenAnswerInput): AsyncGenerator<AnswerEvent, AnswerOutcome> {
  const { document, loaded, mode } = input;
  let block: string | undefined;
  let image: string | undefined;
  if (document && loaded) {
    if (mode === 'summarize') {
      const { passages, headings } = summaryPassages(sectionSummary(document, loaded));
      block = documentBlock(passages, headings);
    } else {
      block = documentBlock(await retrieve(ai, loaded, input.question));
    }
    if (document.kind === 'image' && ai.vision && document.storageKey) image = await imageDataUrl(deps, document.storageKey);
  }

  let written = '';
  const messages = answerMessages({ mode, question: input.question, history: input.history, document: block, image });
  for await (const text of ai.chat(messages, { signal: input.signal, vision: image !== undefined })) {
    written += text;
    yield { type: 'delta', text };
  }
  if (!loaded) {
    yield { type: 'citations', citations: [] };
    return { text: written, citations: [], source: 'generative', found: true };
  }
  const { text, citations } = checkedLines(written, loaded.pageText);
  yield { type: 'citations', citations };
  // A chat answer that cites nothing the document holds is the model's "not found".
  return { text, citations, source: 'generative', found: mode !== 'chat' || citations.length > 0 };
}

/** The BM25 candidates, re-ranked by embeddings when the provider has an embedding model. */
async function retrieve(ai: AiProvider, loaded: LoadedDocument, question: string): Promise<PromptPassage[]> {
  const { chunks, bm25 } = loaded.index;
  const hits = bm25.search(question, CANDIDATES).map((h) => chunks[h.index]);
  // No word of the question is in the document: the opening passages, so the model can say so.
  let chosen: TextChunk[] = hits.length > 0 ? hits : chunks.slice(0, PASSAGES);
  if (ai.embed && chosen.length > PASSAGES) {
    const [query, ...vectors] = await ai.embed([question, ...chosen.map((c) => c.text)]);
    const score = vectors.map((v) => cosine(query, v));
    chosen = chosen.map((chunk, i) => ({ chunk, score: score[i] })).sort((a, b) => b.score - a.score).map((s) => s.chunk);
  }
  return chosen.slice(0, PASSAGES).map((c) => ({ page: c.page, text: c.text }));
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na * nb) || 1);
}

/** checkCitations line by line, so the answer keeps its lines (points of a summary, paragraphs). */
function checkedLines(written: string, pageText: LoadedDocument['pageText']): { text: string; citations: AiCitation[] } {
  const citations: AiCitation[] = [];
  const lines = written.split('\n').map((line) => {
    if (!line.trim()) return line;
    const checked = checkCitations(line, pageText);
    for (const c of checked.citations) if (!citations.some((k) => k.page === c.page && k.quote === c.quote)) citations.push(c);
    return checked.text;
  });
  return { text: lines.join('\n'), citations };
}

/** Vision models take these picture types; others (TIFF, BMP) are not decoded here, their OCR text is used alone. */
const VISION_TYPES: Array<[type: string, matches: (head: Buffer) => boolean]> = [
  ['image/png', (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff],
  ['image/gif', (h) => h.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP'],
];
/** Vendors refuse larger pictures (20 MB for the largest); the OCR text still goes. */
const VISION_MAX_BYTES = 15 * 1024 * 1024;

/**
 * The document's stored picture as a data URL for a vision model, its type told by its first bytes
 * (nothing is decoded in the api); undefined when the model could not take it.
 */
async function imageDataUrl(deps: Deps, storageKey: string): Promise<string | undefined> {
  if ((await deps.store.size(storageKey)) > VISION_MAX_BYTES) return undefined;
  const parts: Buffer[] = [];
  for await (const part of deps.store.read(storageKey)) parts.push(part as Buffer);
  const bytes = Buffer.concat(parts);
  const type = VISION_TYPES.find(([, matches]) => matches(bytes))?.[0];
  return type ? `data:${type};base64,${bytes.toString('base64')}` : undefined;
}
