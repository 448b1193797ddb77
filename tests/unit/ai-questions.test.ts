import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUESTIONS_FILE, questionSet } from '../../bench/ai';
import { fixture, qpdfPages } from '../support/fixtures';

/** The AI bench's hand-made question set: its shape only; the accuracy figures belong to `npm run bench -- ai`. */
const set = questionSet.parse(JSON.parse(fs.readFileSync(QUESTIONS_FILE, 'utf8')));

describe('the AI bench question set', () => {
  it('covers at least four fixture PDFs, each once', () => {
    expect(set.documents.length).toBeGreaterThanOrEqual(4);
    expect(new Set(set.documents.map((d) => d.file)).size).toBe(set.documents.length);
  });

  it.each(set.documents.map((d) => [d.file, d] as const))('%s exists and every target page is one of its pages', (file, doc) => {
    expect(fs.existsSync(fixture(file))).toBe(true);
    const pageCount = qpdfPages(fixture(file));
    for (const { question, pages } of doc.questions) {
      for (const page of pages) expect(page, question).toBeLessThanOrEqual(pageCount);
    }
  });

  it.each(set.documents.map((d) => [d.file, d] as const))('%s has at least 8 answerable and 3 unanswerable questions, none repeated', (_file, doc) => {
    expect(doc.questions.length).toBeGreaterThanOrEqual(8);
    expect(doc.unanswerable.length).toBeGreaterThanOrEqual(3);
    const all = [...doc.questions.map((q) => q.question), ...doc.unanswerable];
    expect(new Set(all).size).toBe(all.length);
  });
});
