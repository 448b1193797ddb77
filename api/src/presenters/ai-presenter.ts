import type { AiDocument } from '@prisma/client';
import { AI_PATHS, type AiDocumentKind, type AiDocumentStatus, type AiDocumentView, type AiHeading } from '#shared/ai/api';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { RESOURCES, type Lang } from '#shared/i18n';

/** Suggested questions shown under an empty conversation. */
const SUGGESTIONS = 3;
/** A heading makes a question when it reads as a topic: not a page number, not a paragraph. */
const TOPIC = /^(?=.*\p{L}{3}).{3,80}$/u;
/** Headings every paper or report has, in English and French: asking about them says nothing of this document. */
const GENERIC = /^(abstract|introduction|references|bibliography|acknowledge?ments?|(table of )?contents|appendix\b.*|index|conclusions?|summary|résumé|références|bibliographie|remerciements|sommaire|table des matières|annexes?\b.*)$/iu;

const questionCopy = (lang: Lang, key: keyof (typeof RESOURCES)['en']['aiQuestions'], vars: Record<string, string> = {}) =>
  RESOURCES[lang].aiQuestions[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

/**
 * Questions a reader of this document might ask, from its outline: its first topics, top levels
 * first; the main points and the conclusion fill in when it has few headings.
 */
export function suggestedQuestions(outline: readonly AiHeading[], lang: Lang): string[] {
  // A lone top-level heading is the document's own title.
  const tops = outline.filter((h) => h.level === 1);
  const documentTitle = tops.length === 1 ? tops[0] : undefined;
  const titles = [...outline]
    .filter((h) => h.level <= 2 && h !== documentTitle)
    .sort((a, b) => a.level - b.level || a.page - b.page)
    .map((h) => h.title.replace(/^[\d.\sIVX]+(?=\p{Lu})/u, '').trim())
    .filter((t) => TOPIC.test(t) && !GENERIC.test(t));
  const questions = [...new Set(titles)].slice(0, SUGGESTIONS).map((title) => questionCopy(lang, 'aboutHeading', { title }));
  for (const key of ['mainPoints', 'conclusion'] as const) if (questions.length < SUGGESTIONS) questions.push(questionCopy(lang, key));
  return questions;
}

/** An AI document as the pages see it, in the request's language. */
export function presentDocument(doc: AiDocument, lang: Lang): AiDocumentView {
  const outline = (doc.outline as AiHeading[] | null) ?? [];
  const status = doc.status as AiDocumentStatus;
  const view: AiDocumentView = {
    documentId: doc.documentId,
    title: doc.title,
    kind: doc.kind as AiDocumentKind,
    pages: doc.pages,
    size: Number(doc.size),
    status,
    progress: doc.progress,
    ocrPages: doc.ocrPages,
    fileUrl: `${AI_PATHS.file}?documentId=${encodeURIComponent(doc.documentId)}`,
    suggestedQuestions: status === 'ready' ? suggestedQuestions(outline, lang) : [],
    outline,
    createdAt: doc.createdAt.toISOString(),
  };
  if (status === 'failed') {
    const code = (doc.error && doc.error in ERRORS ? doc.error : 'TASK_FAILED') as ErrorCode;
    view.errorCode = code;
    view.message = RESOURCES[lang].errors[code as keyof (typeof RESOURCES)['en']['errors']] ?? ERRORS[code].message;
  }
  return view;
}
