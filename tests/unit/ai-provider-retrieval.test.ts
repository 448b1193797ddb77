import type { AiDocument } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkPages } from '#shared/ai/chunks';
import { DocumentIndex } from '#shared/ai/document-answer';
import type { Deps } from '#shared/server/deps';
import { openAiProvider } from '#shared/server/openai-provider';
import { writtenAnswer } from '../../api/src/services/ai/answer-generative';
import { fixture, pdfPages } from '../support/fixtures';
import { embedding, startOpenAiStandIn } from '../support/openai-stand-in';

const PAPER = pdfPages(fixture('pdf/pdfjs_tracemonkey.pdf'));
const index = new DocumentIndex(chunkPages(PAPER));
const loaded = { index, pageText: (page: number) => PAPER[page - 1] };
/** The stored row's fields a chat answer reads. */
const document = { kind: 'pdf', storageKey: null, outline: null } as AiDocument;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const cosine = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * b[i], 0) / (Math.hypot(...a) * Math.hypot(...b) || 1);

let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(() => standIn.close());

describe('passages for the model, with an embedding model', () => {
  it('re-ranks the BM25 candidates by embedding similarity to the question and sends the closest six', async () => {
    const ai = openAiProvider({ AI_BASE_URL: standIn.url, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in', AI_EMBEDDING_MODEL: 'stand-in-embed', AI_VISION_MODEL: undefined })!;
    const question = 'How does the trace monitor handle type-unstable loops?';
    const answer = writtenAnswer({} as Deps, ai, { document, loaded, question, mode: 'chat', history: [] });
    for (let next = await answer.next(); !next.done; next = await answer.next());

    const [embed, chat] = standIn.requests.slice(-2);
    expect(embed.path).toBe('/v1/embeddings');
    const [asked, ...candidates] = embed.body.input as string[];
    expect(asked).toBe(question);
    expect(candidates).toEqual(index.bm25.search(question, 12).map((h) => index.chunks[h.index].text));
    const closest = [...candidates].sort((a, b) => cosine(embedding(question), embedding(b)) - cosine(embedding(question), embedding(a))).slice(0, 6);
    const sent = [...(chat.body.messages.at(-1).content as string).matchAll(/^\[p\. \d+\] (.*)$/gm)].map((m) => m[1]);
    // Not BM25's own order, so the re-ranking is what chose them.
    expect(closest).not.toEqual(candidates.slice(0, 6));
    expect(sent).toEqual(closest.map(squash));
  });
});
