import type OpenAI from 'openai';
import type { Env } from '../env';
import { AppError } from '../errors';
import type { AiChatMessage, AiProvider } from './ai-provider';
import { log } from './logger';

/** A model that has not started answering after this long is not going to: the user is told to retry. */
const TIMEOUT_MS = 60_000;
/** One retry: a second failure is reported rather than making the user wait through several. */
const MAX_RETRIES = 1;

type AiSettings = Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_EMBEDDING_MODEL' | 'AI_VISION_MODEL'>;

/**
 * Generative mode through the official `openai` client, against any server that speaks its protocol
 * (AI_BASE_URL). Null when no provider is configured: document mode. A failure of the server becomes
 * AI_UNAVAILABLE with its detail in the log; the caller's own abort is passed through unchanged.
 */
export function openAiProvider(env: AiSettings): AiProvider | null {
  if (!env.AI_BASE_URL || !env.AI_API_KEY || !env.AI_MODEL) return null;
  const settings = { baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY, timeout: TIMEOUT_MS, maxRetries: MAX_RETRIES };
  // The client (a hundred modules) loads with the first call, not with every api and worker process.
  let loading: Promise<OpenAI> | undefined;
  const clientOf = () => (loading ??= import('openai').then(({ default: Client }) => new Client(settings)));
  const model = env.AI_MODEL;
  const visionModel = env.AI_VISION_MODEL;
  const embeddingModel = env.AI_EMBEDDING_MODEL;

  return {
    model,
    vision: !!visionModel,
    async *chat(messages: AiChatMessage[], opts = {}) {
      let stream;
      try {
        const client = await clientOf();
        stream = await client.chat.completions.create(
          {
            model: opts.vision && visionModel ? visionModel : model,
            messages: messages as OpenAI.Chat.ChatCompletionMessageParam[],
            stream: true,
            ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
          },
          { signal: opts.signal },
        );
        for await (const chunk of stream) {
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
      } catch (e) {
        throw unavailable(e, 'chat', opts.signal);
      }
    },
    embed: embeddingModel
      ? async (texts: string[]) => {
          try {
            const client = await clientOf();
            const answer = await client.embeddings.create({ model: embeddingModel, input: texts });
            return [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
          } catch (e) {
            throw unavailable(e, 'embeddings');
          }
        }
      : null,
  };
}

function unavailable(e: unknown, call: string, signal?: AbortSignal): unknown {
  // The caller's abort (the client reports it as its APIUserAbortError) is theirs, not the server's failure.
  if (signal?.aborted || (e instanceof Error && e.name === 'AbortError')) return e;
  const detail = e instanceof Error ? e.message : String(e);
  log.warn('ai provider failed', { call, detail });
  return new AppError('AI_UNAVAILABLE', `${call}: ${detail}`);
}
