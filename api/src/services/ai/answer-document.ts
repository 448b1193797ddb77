import type { AiDocument } from '@prisma/client';
import type { AiCitation, AiHeading } from '#shared/ai/api';
import type { TextChunk } from '#shared/ai/chunks';
import { DocumentIndex } from '#shared/ai/document-answer';
import { sectionsOf, summarize, type SectionSummary } from '#shared/ai/structure';
import { RESOURCES, type Lang } from '#shared/i18n';
import type { Deps } from '#shared/server/deps';
import type { AnswerEvent, AnswerOutcome } from './answer-events';

/** A document's passages, their index and each page's text (what a citation is checked against). */
export interface LoadedDocument {
  index: DocumentIndex;
  pageText: (page: number) => string | undefined;
}

/** Documents kept indexed in memory: building one is cheap, but not on every question of a conversation. */
const CACHE_SIZE = 16;
const cache = new Map<string, LoadedDocument>();

/**
 * The document's index, from its stored passages. Keyed by the passage count too, so a document
 * indexed again (more passages after OCR) is not answered from the old index.
 */
export async function loadDocument(deps: Deps, document: AiDocument): Promise<LoadedDocument> {
  const count = await deps.db.aiChunk.count({ where: { documentId: document.id } });
  const key = `${document.id}:${count}`;
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const rows = await deps.db.aiChunk.findMany({ where: { documentId: document.id }, orderBy: { ordinal: 'asc' }, select: { ordinal: true, page: true, text: true, position: true } });
  const chunks: TextChunk[] = rows.map((r) => ({ ordinal: r.ordinal, page: r.page, offset: r.position, text: r.text }));
  const pages = new Map<number, string>();
  for (const chunk of chunks) pages.set(chunk.page, pages.has(chunk.page) ? `${pages.get(chunk.page)}\n\n${chunk.text}` : chunk.text);
  const loaded: LoadedDocument = { index: new DocumentIndex(chunks), pageText: (page) => pages.get(page) };
  cache.set(key, loaded);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return loaded;
}

type AnswerCopy = keyof (typeof RESOURCES)['en']['aiAnswers'];

export function answerCopy(lang: Lang, key: AnswerCopy, vars: Record<string, string | number> = {}): string {
  return RESOURCES[lang].aiAnswers[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/**
 * Document mode's chat: the passages that answer the question, quoted with their page after a line
 * saying they are quoted, not written; or "not found in this document".
 */
export async function* quotedAnswer(loaded: LoadedDocument, question: string, lang: Lang): AsyncGenerator<AnswerEvent, AnswerOutcome> {
  const { found, citations } = loaded.index.answer(question);
  const parts = found ? [answerCopy(lang, 'documentLead'), ...citations.map((c) => answerCopy(lang, 'passage', { ...c }))] : [answerCopy(lang, 'notFound')];
  return yield* spoken(parts, citations, found);
}

/** Sections deeper than this are folded into their parent: a summary, not a table of contents. */
const SUMMARY_LEVELS = 2;
const MAX_SECTIONS = 24;

/**
 * The document's extractive summary, section by section (its outline, or its opening when it has
 * none), each point quoted with its page. Generative mode gives the same points to the model.
 */
export function sectionSummary(document: AiDocument, loaded: LoadedDocument): SectionSummary[] {
  const outline = ((document.outline ?? []) as unknown as AiHeading[]).filter((h) => h.level <= SUMMARY_LEVELS);
  const sections = sectionsOf(loaded.index.chunks, outline);
  // Without an outline the whole document is one section: it gets more than a section's two points.
  return summarize(loaded.index.bm25, sections, outline.length > 0 ? 2 : 6)
    .filter((s) => s.points.length > 0)
    .slice(0, MAX_SECTIONS);
}

/** Document mode's summary: each section's heading, then its points quoted with their page. */
export async function* quotedSummary(document: AiDocument, loaded: LoadedDocument, lang: Lang): AsyncGenerator<AnswerEvent, AnswerOutcome> {
  const summary = sectionSummary(document, loaded);
  const citations = summary.flatMap((s) => s.points);
  if (citations.length === 0) return yield* spoken([answerCopy(lang, 'summaryEmpty')], [], false);
  const parts = [
    answerCopy(lang, 'summaryLead'),
    ...summary.map((s) => [s.heading?.title ?? answerCopy(lang, 'untitledSection'), ...s.points.map((p) => answerCopy(lang, 'summaryPoint', { ...p }))].join('\n')),
  ];
  return yield* spoken(parts, citations, true);
}

/** Sends an answer made of parts as one delta per part, then its citations. */
async function* spoken(parts: string[], citations: AiCitation[], found: boolean): AsyncGenerator<AnswerEvent, AnswerOutcome> {
  for (const [i, part] of parts.entries()) yield { type: 'delta', text: i === 0 ? part : `\n\n${part}` };
  yield { type: 'citations', citations };
  return { text: parts.join('\n\n'), citations, source: 'document', found };
}
