import { Router, type Response } from 'express';
import { z } from 'zod';
import type { AskEvent, AskRequest } from '#shared/ai/api';
import { AppError, ERRORS, isAppError } from '#shared/errors';
import { RESOURCES, type Lang } from '#shared/i18n';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { log } from '#shared/server/logger';
import { getRequester, langOf } from '../../middleware/requester';
import { validateBody, validateQuery } from '../../middleware/validate';
import { answerQuestion, conversationOf, MAX_PAGE, prepareAsk, wholeAnswer } from '../../services/ai/answer-service';
import { ZAskRequest } from './schema';

export const ZConversationQuery = z.object({
  documentId: z.string().min(6).max(64),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
});

/** A comment line now and then keeps proxies from closing a stream while the model thinks. */
const HEARTBEAT_MS = 15_000;

/** Asking about a document (stream/ask) and reading its conversation (getDocumentListAsk), under /api/dhjai. */
export function askRouter(deps: Deps): Router {
  const r = Router();

  r.post('/stream/ask', validateBody(ZAskRequest), async (req, res) => {
    const lang = langOf(req);
    // Refusals (not yours, not ready, limits, no provider) are plain HTTP errors: nothing is streamed yet.
    const ask = await prepareAsk(deps, getRequester(res), res.locals.body as AskRequest, lang);
    const stop = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) stop.abort();
    });
    const events = answerQuestion(deps, ask, lang, stop.signal);
    if (req.accepts(['text/event-stream', 'application/json']) === 'application/json') {
      try {
        res.json({ code: 0, data: await wholeAnswer(events) });
      } catch (e) {
        // The client left: the model was stopped on purpose, there is nobody to answer.
        if (!stop.signal.aborted) throw e;
      }
      return;
    }
    await streamEvents(res, events, lang, stop.signal);
  });

  r.get('/getDocumentListAsk', validateQuery(ZConversationQuery), async (_req, res) => {
    const query = res.locals.query as z.infer<typeof ZConversationQuery>;
    res.json({ code: 0, data: await conversationOf(deps, getRequester(res), query.documentId, query.pageSize) });
  });

  return r;
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
