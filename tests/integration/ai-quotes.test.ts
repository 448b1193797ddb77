import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PATHS, type AiCitation, type AiDocumentView, type AskAnswer } from '#shared/ai/api';
import { visitor } from '../support/api-client';
import { fixture, pdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/** GNU Libtasn1's manual as Debian ships it: versions, file names, e-mail addresses and URLs in its prose. */
const MANUAL = fixture('pdf/debian_libtasn1.pdf');
/**
 * Each page as pdftotext reads it, whitespace collapsed and words hyphenated across a line rejoined:
 * a quote is this text, word for word.
 */
const PAGES = pdfPages(MANUAL).map((page) =>
  page
    .replace(/(\p{Ll})-\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim(),
);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A quote cut short ends with "…", which is not the page's. */
const uncut = (quote: string) => squash(quote).replace(/…$/, '');

/**
 * The quote is on its page word for word, and starts and ends where the page's words do: not
 * "Version 1." out of "Version 1.3", nor "help-libtasn1@gnu." out of an address.
 */
function expectOnPage({ page, quote }: AiCitation) {
  const text = PAGES[page - 1];
  const at = text.indexOf(uncut(quote));
  expect(at, `p. ${page}: ${quote}`).toBeGreaterThanOrEqual(0);
  expect(text.slice(at - 1, at).trim(), `starts inside a word: ${quote}`).toBe('');
  if (!quote.endsWith('…')) expect(text.charAt(at + uncut(quote).length).trim(), `ends inside a word: ${quote}`).toBe('');
}

/** The passages an answer's text quotes between curly quotes, each with the page it names. */
function quotedInText(answer: string): AiCitation[] {
  const passages = [...answer.matchAll(/Page (\d+): “([\s\S]*?)”(?=\n\n|$)/g)].map((m) => ({ page: Number(m[1]), quote: m[2] }));
  const points = [...answer.matchAll(/• “([\s\S]*?)” \(p\. (\d+)\)/g)].map((m) => ({ page: Number(m[2]), quote: m[1] }));
  return [...passages, ...points];
}

describe('document mode quotes the page word for word (libtasn1 manual, indexed by the worker)', () => {
  let stack: Stack;
  let documentId: string;
  const reader = () => visitor(stack.app);
  let v: ReturnType<typeof reader>;

  beforeAll(async () => {
    stack = await startStack();
    v = reader();
    const up = await v.agent.post(AI_PATHS.uploadAiPdf).attach('file', fs.readFileSync(MANUAL), 'libtasn1.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const added = await v.agent.post(AI_PATHS.addFile).send({ token: up.body.token });
    documentId = added.body.data.documentId;
    const started = Date.now();
    for (;;) {
      const doc = (await v.agent.get(AI_PATHS.getDocument).query({ documentId })).body.data as AiDocumentView;
      if (doc.status === 'ready') break;
      if (doc.status === 'failed' || Date.now() - started > 60_000) throw new Error(`not indexed: ${JSON.stringify(doc)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);
  afterAll(() => stack?.stop());

  const askJson = async (question: string, mode = 'chat') => {
    const res = await v.agent.post(AI_PATHS.ask).set('Accept', 'application/json').send({ documentId, question, mode });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as AskAnswer;
  };

  it.each([
    'What is ASN.1?',
    'Which license is the library under?',
    'Where do I report bugs?',
    'What is the header file of this library?',
    'Is the library thread-safe?',
    'How do I decode DER data?',
  ])('answers "%s" with quotes that are substrings of their page, in its citations and in its text', async (question) => {
    const { found, citations, answer } = await askJson(question);
    expect(found).toBe(true);
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) expectOnPage(c);
    const inText = quotedInText(answer);
    expect(inText.map((c) => c.page)).toEqual(citations.map((c) => c.page));
    for (const c of inText) expectOnPage(c);
  });

  it('keeps versions, file names and e-mail addresses whole, and finds "Thread-safety." for "thread-safe"', async () => {
    expect((await askJson('Which license is the library under?')).answer).toContain('version 2.1 or later');
    expect((await askJson('Where do I report bugs?')).answer).toContain('help-libtasn1@gnu.org');
    expect((await askJson('What is the header file of this library?')).answer).toContain('The header file of this library is libtasn1.h.');
    const threads = await askJson('Is the library thread-safe?');
    expect(threads.citations[0]).toMatchObject({ page: 4, quote: expect.stringContaining('Thread-safety. No global variables are used') });
  });

  it('summarizes with points quoted word for word, none of them broken inside a token', async () => {
    const { found, citations, answer } = await askJson('Summarize this document', 'summarize');
    expect(found).toBe(true);
    for (const c of citations) expectOnPage(c);
    const inText = quotedInText(answer);
    expect(inText.length).toBe(citations.length);
    for (const c of inText) expectOnPage(c);
    // "ASN. 1", "version 2. 1", "libtasn1. h": a full stop followed by a space inside what the page writes as one token.
    expect(answer).not.toMatch(/\b(?:ASN|version \d+|libtasn1|gnu)\. \w/);
  });
});
