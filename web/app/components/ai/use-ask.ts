import { useCallback, useEffect, useRef, useState } from 'react';
import { ERRORS, type ErrorCode } from '#shared/errors';
import type { AiMessageView, AskMode } from '#shared/ai/api';
import { AI_CODE, streamAsk } from '~/lib/ai-api';
import type { FlowMessage } from '~/lib/api-client';
import { useAuthActions } from '~/stores/auth-provider';
import { failureOf } from './ai-upload';

/** One line of a conversation as shown: a stored message, or the answer being streamed. */
export interface ChatEntry extends Omit<AiMessageView, 'createdAt'> {
  /** Still streaming. */
  pending?: boolean;
  /** Why the answer failed; `pricing` when it was the question limit. */
  error?: FlowMessage;
  pricing?: boolean;
  /** The provider is missing: the entry says how an operator adds one. */
  needsProvider?: boolean;
}

export const entryOf = (message: AiMessageView): ChatEntry => ({ ...message });

/** A stream's error event: its catalogue code when it names one, else the server's words. */
const streamError = (code: string, message: string): FlowMessage => (code in ERRORS ? { code: code as ErrorCode } : { text: message });

let local = 0;
const localId = () => `local-${++local}`;

/**
 * A conversation: the stored history, then each question and its answer streamed as it comes
 * (deltas, then its citations, then whether it was quoted or written and found or not).
 */
export function useAsk(documentId: string | undefined, history: readonly AiMessageView[] | undefined) {
  const { callContext } = useAuthActions();
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    setEntries(history ? history.map(entryOf) : []);
  }, [history]);

  useEffect(() => () => controller.current?.abort(), [documentId]);

  const update = (id: string, change: (entry: ChatEntry) => ChatEntry) =>
    setEntries((list) => list.map((entry) => (entry.id === id ? change(entry) : entry)));

  /** Adds an answer that never reached the server (a feature this server cannot do). */
  const refuse = useCallback((question: string, mode: AskMode, error: FlowMessage) => {
    const base = { mode, citations: [], source: null, found: null };
    setEntries((list) => [
      ...list,
      { ...base, id: localId(), role: 'user', content: question },
      { ...base, id: localId(), role: 'assistant', content: '', error, needsProvider: true },
    ]);
  }, []);

  const ask = useCallback(
    async (question: string, mode: AskMode) => {
      const text = question.trim();
      if (!text || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      const answerId = localId();
      const base = { mode, citations: [], source: null, found: null };
      setEntries((list) => [
        ...list,
        { ...base, id: localId(), role: 'user', content: text },
        { ...base, id: answerId, role: 'assistant', content: '', pending: true },
      ]);
      try {
        for await (const event of streamAsk(callContext(), { documentId, question: text, mode }, abort.signal)) {
          if (event.type === 'delta') update(answerId, (entry) => ({ ...entry, content: entry.content + event.text }));
          else if (event.type === 'citations') update(answerId, (entry) => ({ ...entry, citations: event.citations }));
          else if (event.type === 'done')
            // The stored answer replaces the streamed words when they differ (markers of dropped citations taken out).
            update(answerId, (entry) => ({
              ...entry,
              id: event.messageId ?? entry.id,
              content: event.answer ?? entry.content,
              pending: false,
              source: event.source,
              found: event.found,
            }));
          else
            update(answerId, (entry) => ({
              ...entry,
              pending: false,
              error: streamError(event.code, event.message),
              needsProvider: event.code === 'AI_NOT_CONFIGURED',
            }));
        }
        update(answerId, (entry) => ({ ...entry, pending: false }));
      } catch (e) {
        if (abort.signal.aborted) {
          update(answerId, (entry) => ({ ...entry, pending: false }));
        } else {
          const failure = failureOf(e);
          const notConfigured = 'code' in failure.message && failure.message.code === 'AI_NOT_CONFIGURED';
          update(answerId, (entry) => ({
            ...entry,
            pending: false,
            error: failure.message,
            pricing: failure.code === AI_CODE.questionLimit,
            needsProvider: notConfigured,
          }));
        }
      } finally {
        controller.current = undefined;
        setBusy(false);
      }
    },
    [callContext, documentId],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { entries, busy, ask, stop, refuse };
}
