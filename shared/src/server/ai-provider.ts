/**
 * The AI provider behind generative mode: any OpenAI-compatible server (AI_BASE_URL, AI_API_KEY,
 * AI_MODEL; optional AI_EMBEDDING_MODEL, AI_VISION_MODEL). Deps.ai is null without one: document mode.
 */
export type AiContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface AiChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | AiContentPart[];
}

export interface AiProvider {
  readonly model: string;
  /** Streams the reply's text as it is written. Throws AppError('AI_UNAVAILABLE') when the server fails. */
  chat(messages: AiChatMessage[], opts?: { signal?: AbortSignal; vision?: boolean; maxTokens?: number }): AsyncIterable<string>;
  /** Embeddings of each text, when AI_EMBEDDING_MODEL is set; null otherwise. */
  readonly embed: ((texts: string[]) => Promise<number[][]>) | null;
  /** AI_VISION_MODEL is set: images may be sent (chat with image). */
  readonly vision: boolean;
}
