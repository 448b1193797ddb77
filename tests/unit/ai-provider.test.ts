import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '#shared/env';
import { isAppError } from '#shared/errors';
import { openAiProvider } from '#shared/server/openai-provider';
import { BASE_ENV, envRefusal } from '../support/env-refusal';
import { embedding, startOpenAiStandIn } from '../support/openai-stand-in';

let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.options.fail = false;
  vi.restoreAllMocks();
});

const settings = () => ({ AI_BASE_URL: standIn.url, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in' });

describe('the OpenAI provider against a server speaking the protocol', () => {
  it('is null without a provider: document mode', () => {
    expect(openAiProvider({ AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: undefined, AI_EMBEDDING_MODEL: undefined, AI_VISION_MODEL: undefined })).toBeNull();
  });

  it('streams the reply in order, as several deltas', async () => {
    const ai = openAiProvider(settings())!;
    const deltas: string[] = [];
    for await (const text of ai.chat([{ role: 'user', content: 'Tell me about the harbour' }])) deltas.push(text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Stand-in reply to: Tell me about the harbour');
    expect(standIn.requests.at(-1)!.body).toMatchObject({ model: 'stand-in', stream: true });
  });

  it('sends images to the vision model when one is configured', async () => {
    const ai = openAiProvider({ ...settings(), AI_VISION_MODEL: 'stand-in-vision' })!;
    expect(ai.vision).toBe(true);
    let reply = '';
    const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
    for await (const text of ai.chat([{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }], { vision: true })) reply += text;
    expect(reply).toBe('Stand-in reply to: What is this? (with an image)');
    expect(standIn.requests.at(-1)!.body.model).toBe('stand-in-vision');
  });

  it('decodes the base64 embeddings the client asks for into the server’s floats', async () => {
    const ai = openAiProvider({ ...settings(), AI_EMBEDDING_MODEL: 'stand-in-embed' })!;
    const vectors = await ai.embed!(['tide tables of the harbour', 'a lighthouse keeper']);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ model: 'stand-in-embed', encoding_format: 'base64' });
    expect(vectors).toEqual([embedding('tide tables of the harbour'), embedding('a lighthouse keeper')]);
    expect(openAiProvider(settings())!.embed).toBeNull();
  });

  it('turns a failing server into AI_UNAVAILABLE', async () => {
    standIn.options.fail = true;
    const ai = openAiProvider(settings())!;
    const error = await (async () => {
      for await (const _ of ai.chat([{ role: 'user', content: 'Hello' }])) void _;
    })().catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('AI_UNAVAILABLE');
  });
});

describe('AI settings at boot', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stops on a half-configured provider, naming what is missing', () => {
    expect(envRefusal({ ...BASE_ENV, AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODEL: 'm' })).toContain('AI_API_KEY: generative mode needs AI_BASE_URL, AI_API_KEY and AI_MODEL');
    expect(envRefusal({ ...BASE_ENV, AI_VISION_MODEL: 'v' })).toContain('AI_VISION_MODEL: set without');
  });

  it('takes all three, or none', () => {
    expect(loadEnv({ ...BASE_ENV, AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_API_KEY: 'k', AI_MODEL: 'm' }).AI_MODEL).toBe('m');
    expect(loadEnv(BASE_ENV).AI_MODEL).toBeUndefined();
  });
});
