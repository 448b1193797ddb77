import { describe, expect, it } from 'vitest';
import type { AskEvent } from '#shared/ai/api';
import { readEvents } from '../../web/app/lib/ai-api';
import { quotePieces } from '../../web/app/lib/ai-quote';

/** A byte stream delivered in the given chunks, as a network answer may cut it. */
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const collect = async (stream: ReadableStream<Uint8Array>) => {
  const events: AskEvent[] = [];
  for await (const event of readEvents(stream)) events.push(event);
  return events;
};

describe('the answer stream reader', () => {
  it('reads events cut anywhere, skipping comments and keeping multi-byte text whole', async () => {
    const delta = `event: delta\ndata: ${JSON.stringify({ type: 'delta', text: 'Élan — 熊' })}\n\n`;
    const done = `event: done\r\ndata: ${JSON.stringify({ type: 'done', messageId: 'm1', source: 'document', found: true })}\r\n\r\n`;
    const bytes = `: keep-alive\n\n${delta}${done}`;
    // Cut inside the 'É' and inside the CRLF pairs.
    const cuts = [bytes.slice(0, 60), bytes.slice(60, 101), bytes.slice(101)];
    expect(await collect(streamOf(...cuts))).toEqual([
      { type: 'delta', text: 'Élan — 熊' },
      { type: 'done', messageId: 'm1', source: 'document', found: true },
    ]);
  });
});

describe('finding a cited passage on a page', () => {
  const pieces = ['Tomatoes and Sunlight', 'Tomato plants need at least eight', 'hours of direct sun-', 'light every day.', 'Stake the stems early.'];

  it('marks the pieces that hold the quote, whatever its spacing, case and hyphenation', () => {
    expect(quotePieces(pieces, 'tomato plants need at least eight hours of direct sunlight every day')).toEqual([1, 2, 3]);
  });

  it('marks the stretches the page has when a caption sits between the quote\'s words', () => {
    const captioned = ['Tomato plants need at least eight', 'Figure 2: a tomato', 'hours of direct sunlight every day.'];
    expect(quotePieces(captioned, 'Tomato plants need at least eight hours of direct sunlight every day.')).toEqual([0, 2]);
  });

  it('marks nothing for a passage the page does not have', () => {
    expect(quotePieces(pieces, 'Compost heaps need air in the middle every fortnight')).toEqual([]);
  });
});
