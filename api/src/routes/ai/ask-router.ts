import type { Response } from 'express';
import type { AskEvent } from '#shared/ai/api';
import { AppError, ERRORS, isAppError } from '#shared/errors';
import { RESOURCES, type Lang } from '#shared/i18n';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { log } from '#shared/server/logger';
import { langOf } from '../../middleware/requester';
import { answerQuestion, conversationOf, prepareAsk, wholeAnswer } from '../../services/ai/answer-service';
import type { Handlers } from '../endpoint-router';

/** A comment line now and then keeps proxies from closing a stream while the model thinks. */
const HEARTBEAT_MS = 15_000;

/** Asking about a document (stream/ask) and reading its conversation (getDocumentListAsk), under /api/dhjai. */
export function askHandlers(deps: Deps): Handlers<'ask' | 'getDocumentListAsk'> {
  return {
    ask: async ({ req, res, who, body }) => {
      const lang = langOf(req);
      // Refusals (not yours, not ready, limits, no provider) are plain HTTP errors: nothing is streamed yet.
      const ask = await prepareAsk(deps, who, body, lang);
      const stop = new AbortController();
      res.on('close', () => {
        if (!res.writableEnded) stop.abort();
      });
      const events = answerQuestion(deps, ask, lang, stop.signal);
      if (req.accepts(['text/event-stream', 'application/json']) === 'application/json') {
        try {
          return { code: 0, data: await wholeAnswer(events) };
        } catch (e) {
          // The client left: the model was stopped on purpose, there is nobody to answer.
          if (!stop.signal.aborted) throw e;
        }
        return;
      }
      await streamEvents(res, events, lang, stop.signal);
    },

    getDocumentListAsk: async ({ who, query }) => ({ code: 0, data: await conversationOf(deps, who, query.documentId, query.pageSize) }),
  };
}

/** Server-Sent Events: one `event: <type>` per AskEvent, written as it comes; a failure is an `error` event. */
async function streamEvents(res: Response, events: AsyncIterable<AskEvent>, lang: Lang, stopped: AbortSignal) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  const send = (event: AskEvent) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  try {
    for await (const event of events) {
      if (stopped.aborted) break;
      send(event);
    }
  } catch (e) {
    if (!stopped.aborted) send(errorEvent(e, lang));
  } finally {
    clearInterval(heartbeat);
    res.end();
  }
}

function errorEvent(e: unknown, lang: Lang): AskEvent {
  let error: AppError;
  if (isAppError(e)) {
    error = e;
    if (error.detail && error.status >= 500) log.warn('answer failed', { code: error.code, detail: error.detail });
  } else {
    const correlationId = randomId(12);
    log.error('answer failed', { correlationId, error: e instanceof Error ? e.stack : String(e) });
    error = new AppError('INTERNAL', correlationId);
  }
  const copy = error.message !== ERRORS[error.code].message ? error.message : (RESOURCES[lang].errors as Record<string, string>)[error.code];
  return { type: 'error', code: error.code, message: copy ?? error.message };
}
