import type { AiDocument } from '@prisma/client';
import { AI_CONVERSATION_MAX_PAGE, type AiCitation, type AiMessageView, type AnswerSource, type AskAnswer, type AskEvent, type AskMode, type AskRequest } from '#shared/ai/api';
import { AppError, ERRORS, type ErrorCode } from '#shared/errors';
import type { Lang } from '#shared/i18n';
import type { AiChatMessage } from '#shared/server/ai-provider';
import type { Deps } from '#shared/server/deps';
import type { Requester } from '../../middleware/requester';
import { takeQuestion } from './ai-limits';
import { answerCopy, loadDocument, quotedAnswer, quotedSummary } from './answer-document';
import type { AnswerEvent, AnswerOutcome } from './answer-events';
import { writtenAnswer } from './answer-generative';
import { findOwnedDocument } from './document-service';

/** Earlier messages of the conversation the model reads with a question (generative mode). */
const HISTORY_MESSAGES = 10;

/** A question that passed every check: it is counted, and answering it can start streaming. */
export interface PreparedAsk {
  document: AiDocument | null;
  question: string;
  mode: AskMode;
  history: AiChatMessage[];
  askedAt: Date;
}

/**
 * Everything that can refuse a question, before any answer is streamed (so a refusal is a plain HTTP
 * error): the document is the requester's and ready, the mode can be answered here, and the plan has
 * a question left today (counted only once the rest has passed).
 */
export async function prepareAsk(deps: Deps, who: Requester, request: AskRequest, lang: Lang): Promise<PreparedAsk> {
  const { question, mode } = request;
  if (!deps.ai && (mode === 'explain' || mode === 'general')) throw new AppError('AI_NOT_CONFIGURED', `${mode} in document mode`, answerCopy(lang, 'needsProvider'));
  // General chat is about no document, even when the page sends the one on screen.
  const document = mode === 'general' || !request.documentId ? null : await findOwnedDocument(deps, who, request.documentId);
  if (mode !== 'general' && !document) throw new AppError('ILLEGAL_INPUT', `${mode} needs a documentId`);
  if (document && document.status !== 'ready') {
    const code = document.status === 'failed' && document.error && document.error in ERRORS ? (document.error as ErrorCode) : 'AI_NOT_READY';
    throw new AppError(code, `document ${document.documentId} is ${document.status}`);
  }
  await takeQuestion(deps, who);
  const history = deps.ai && document ? await historyOf(deps, document) : [];
  return { document, question, mode, history, askedAt: deps.now() };
}

async function historyOf(deps: Deps, document: AiDocument): Promise<AiChatMessage[]> {
  const rows = await deps.db.aiMessage.findMany({ where: { documentId: document.id }, orderBy: { createdAt: 'desc' }, take: HISTORY_MESSAGES, select: { role: true, content: true } });
  return rows.reverse().map((r) => ({ role: r.role === 'assistant' ? 'assistant' : 'user', content: r.content }));
}

/**
 * Answers a prepared question as AskEvents: deltas, citations, then done. Generative mode when a
 * provider is configured, else document mode (quoted passages). The question and its answer are
 * stored together once the answer is whole: an answer cut short stores nothing. General chat has no
 * document and is not stored.
 */
export async function* answerQuestion(deps: Deps, ask: PreparedAsk, lang: Lang, signal?: AbortSignal): AsyncGenerator<AskEvent, AnswerOutcome> {
  const { document, question, mode } = ask;
  const loaded = document ? await loadDocument(deps, document) : null;
  let answer: AsyncGenerator<AnswerEvent, AnswerOutcome>;
  if (deps.ai) answer = writtenAnswer(deps, deps.ai, { document, loaded, question, mode, history: ask.history, signal });
  else if (document && loaded && mode === 'summarize') answer = quotedSummary(document, loaded, lang);
  else if (loaded) answer = quotedAnswer(loaded, question, lang);
  else throw new AppError('AI_NOT_CONFIGURED', `${mode} without a provider`, answerCopy(lang, 'needsProvider'));

  let streamed = '';
  let next = await answer.next();
  for (; !next.done; next = await answer.next()) {
    if (next.value.type === 'delta') streamed += next.value.text;
    yield next.value;
  }
  const outcome = next.value;
  const messageId = document ? await storeExchange(deps, document, ask, outcome) : null;
  yield { type: 'done', messageId, source: outcome.source, found: outcome.found, ...(outcome.text === streamed ? {} : { answer: outcome.text }) };
  return outcome;
}

async function storeExchange(deps: Deps, document: AiDocument, ask: PreparedAsk, outcome: AnswerOutcome): Promise<string> {
  const [, reply] = await deps.db.$transaction([
    deps.db.aiMessage.create({ data: { documentId: document.id, role: 'user', content: ask.question, mode: ask.mode, createdAt: ask.askedAt } }),
    deps.db.aiMessage.create({
      data: {
        documentId: document.id,
        role: 'assistant',
        content: outcome.text,
        mode: ask.mode,
        citations: outcome.citations as unknown as object[],
        source: outcome.source,
        found: outcome.found,
        createdAt: new Date(Math.max(deps.now().getTime(), ask.askedAt.getTime() + 1)),
      },
    }),
  ]);
  return reply.id;
}

/** The whole answer at once, for API clients (Accept: application/json): the text as stored, without dropped citation markers. */
export async function wholeAnswer(events: AsyncGenerator<AskEvent, AnswerOutcome>): Promise<AskAnswer> {
  let messageId: string | null = null;
  for (;;) {
    const next = await events.next();
    if (next.done) {
      const { text, citations, source, found } = next.value;
      return { messageId, answer: text, citations, source, found };
    }
    if (next.value.type === 'done') messageId = next.value.messageId;
  }
}

const DEFAULT_PAGE = 50;

/** The conversation of the requester's document: its last `pageSize` messages, oldest first. */
export async function conversationOf(deps: Deps, who: Requester, documentId: string, pageSize = DEFAULT_PAGE): Promise<AiMessageView[]> {
  const document = await findOwnedDocument(deps, who, documentId);
  const rows = await deps.db.aiMessage.findMany({ where: { documentId: document.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: Math.min(pageSize, AI_CONVERSATION_MAX_PAGE) });
  return rows.reverse().map((m) => ({
    id: m.id,
    role: m.role === 'assistant' ? 'assistant' : 'user',
    mode: m.mode as AskMode,
    content: m.content,
    citations: (m.citations ?? []) as unknown as AiCitation[],
    source: (m.source as AnswerSource | null) ?? null,
    found: m.found,
    createdAt: m.createdAt.toISOString(),
  }));
}
