import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from '#shared/ai/bm25';
import { chunkPages, paragraphs, sentences } from '#shared/ai/chunks';
import { checkCitations } from '#shared/ai/citations';
import { countedThing, DocumentIndex, namedTerms } from '#shared/ai/document-answer';
import { mindMapMarkdown, sectionsOf, summarize, type Heading } from '#shared/ai/structure';
import { foldText, terms } from '#shared/ai/terms';
import { fixture, pdfPages } from '../support/fixtures';

/** The paper's pages, read once for every case below. */
const PAPER = pdfPages(fixture('pdf/pdfjs_tracemonkey.pdf'));
const index = new DocumentIndex(chunkPages(PAPER));
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('terms', () => {
  it('folds accents and case and drops the common words of English and French', () => {
    expect(foldText('Œuvre ÉTÉ Straße')).toBe('oeuvre ete strasse');
    expect(terms('Where are the batteries of the remote?')).toEqual(['battery', 'remot']);
    expect(terms("Où sont les piles de l'appareil ?")).toEqual(['pile', 'appareil']);
  });

  it('keeps numbers and the parts of hyphenated words, and drops single letters', () => {
    expect(terms('Model FX-9 draws 1204 W')).toEqual(['model', 'fx', '9', 'fx9', 'draw', '1204']);
  });

  it('gives a hyphenated compound its parts and its parts joined, so it meets the word hyphenated, apart or closed up', () => {
    expect(terms('thread-safe')).toEqual(['thread', 'safe', 'threadsaf']);
    expect(terms('Thread-safety')).toEqual(terms('thread-safe'));
    expect(terms('threadsafe')).toEqual(['threadsaf']);
    expect(terms('multi-threaded')).toContain('thread');
  });

  it.each([
    ['safe', 'safety'],
    ['secure', 'security'],
    ['sécurité', 'securite'],
    ['sécurité', 'security'],
    ['manage', 'management'],
    ['managed', 'managing'],
    ['rapide', 'rapidement'],
    ['configure', 'configuration'],
    ['configuré', 'configurées'],
    ['thick', 'thickness'],
    ['battery', 'batteries'],
    ['journal', 'journaux'],
  ])('meets "%s" and "%s" at one stem', (a, b) => {
    expect(terms(a)).toEqual(terms(b));
  });

  it('keeps words apart that only look alike', () => {
    for (const [a, b] of [
      ['engineer', 'engine'],
      ['city', 'cit'],
      ['number', 'numb'],
    ]) expect(terms(a)).not.toEqual(terms(b));
  });
});

describe('chunkPages', () => {
  it('keeps every passage on the page it came from, rejoining words hyphenated across lines', () => {
    const pages = ['First para-\ngraph on page one.\n\nSecond paragraph.', '', 'Page three text.'];
    const chunks = chunkPages(pages);
    expect(chunks.map((c) => c.page)).toEqual([1, 3]);
    expect(chunks[0].text).toBe('First paragraph on page one.\nSecond paragraph.');
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1]);
    expect(paragraphs(pages[0]).map((p) => p.offset)).toEqual([0, pages[0].indexOf('Second')]);
  });

  it('cuts a long page into passages of bounded length without losing words', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} talks about topic ${i}.`).join(' ');
    const chunks = chunkPages([long]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(1100);
    expect(squash(chunks.map((c) => c.text).join(' '))).toBe(squash(long));
  });
});

describe('Bm25Index', () => {
  it('ranks the passage holding a rare word first, even among passages full of common ones', () => {
    const index = new Bm25Index(['the loop runs the loop again', 'loop loop loop trace', 'the thermostat sets the loop temperature']);
    expect(index.search('thermostat loop', 3)[0].index).toBe(2);
    expect(index.idf('thermostat')).toBeGreaterThan(index.idf('loop'));
  });
});

describe('DocumentIndex on a real paper (pdfjs_tracemonkey.pdf, 14 pages)', () => {
  it.each([
    ['How is blacklisting changed to work with nesting?', 7],
    ['Which grants sponsored this work?', 13],
    ['What is the oracle used for when compiling loops?', 5],
  ])('cites the page that answers "%s" first', (question, page) => {
    const answer = index.answer(question);
    expect(answer.found).toBe(true);
    expect(answer.citations[0].page).toBe(page);
  });

  it('quotes the page word for word', () => {
    const { citations } = index.answer('Which grants sponsored this work?');
    for (const c of citations) expect(squash(PAPER[c.page - 1])).toContain(squash(c.quote).replace(/…$/, ''));
    expect(citations[0].quote).toMatch(/CNS-0615443/);
  });

  it.each(['What is the warranty period of the dishwasher?', 'Quelle est la garantie du lave-vaisselle ?', 'the and of'])(
    'answers "not found" to "%s"',
    (question) => {
      expect(index.answer(question)).toEqual({ found: false, citations: [] });
    },
  );

  it('answers "not found" when the page that best matches does not name what the question names or counts', () => {
    // Every other word of these is in the paper, most of them on one page; V8 is in the paper, not on its garbage collection page.
    expect(index.answer('How many traces does TraceMonkey record on Chrome?').found).toBe(false);
    expect(index.answer('What garbage collector does V8 use?').found).toBe(false);
    expect(index.answer('How many engineers worked full time on the project?').found).toBe(false);
    expect(index.answer('How many traces were recorded for crypto-aes?').found).toBe(true);
  });
});

describe('quoting an answer to a count', () => {
  it('quotes the sentence with the figure for "how many", of two that hold the same words', () => {
    // The leaflet's text as OCR reads it (its ground truth): "up to 32 tracks may be overdubbed" beside
    // "added into the track … while recording", both with "track" and "record".
    const leaflet = new DocumentIndex(chunkPages([fs.readFileSync(fixture('scanned/ocrmypdf_linn.txt'), 'utf8')]));
    const quotes = leaflet.answer('How many tracks does the LinnSequencer record?').citations.map((c) => c.quote);
    expect(quotes.join(' ')).toMatch(/up to 32 tracks may be overdubbed/);
  });
});

describe('what a question names and counts', () => {
  it('takes the words capitalised inside the question and multi-digit figures as names', () => {
    expect(namedTerms('Which version of Firefox shipped TraceMonkey in 2009?')).toEqual(terms('Firefox TraceMonkey 2009'));
    expect(namedTerms('What is the angle of attack?')).toEqual([]);
  });

  it('finds the thing a count asks about, in English and French', () => {
    expect(countedThing('How many engineers worked on it?')).toBe('engineer');
    expect(countedThing("Combien d'accidents de vélo ont eu lieu ?")).toBe('accid');
    expect(countedThing('How much did Boeing pay?')).toBeUndefined();
  });
});

describe('sections, summary and mind map of a real paper', () => {
  const headings: Heading[] = [
    { title: 'Introduction', page: 1, level: 1 },
    { title: 'Trace Trees', page: 4, level: 1 },
    { title: 'Blacklisting', page: 6, level: 2 },
    { title: 'Blacklisting with Nesting', page: 7, level: 2 },
    { title: 'Acknowledgments', page: 13, level: 1 },
  ];
  const sections = sectionsOf(index.chunks, headings);

  it('puts every passage once, in order, under the heading before it', () => {
    expect(sections.flatMap((s) => s.chunks)).toEqual(index.chunks);
    expect(sections.map((s) => s.heading?.title)).toEqual([undefined, ...headings.map((h) => h.title)]);
    const acknowledgments = sections.at(-1)!;
    expect(acknowledgments.chunks[0].text).toMatch(/^Acknowledgments/m);
    expect(acknowledgments.chunks.map((c) => c.text).join(' ')).toContain('CNS-0615443');
    expect(sections[4].chunks.every((c) => c.page >= 7)).toBe(true);
  });

  it('summarizes each section with sentences quoted from its own passages', () => {
    const summary = summarize(index.bm25, sections);
    expect(summary.map((s) => s.heading?.title)).toEqual([undefined, ...headings.map((h) => h.title)]);
    summary.forEach((s, i) => {
      expect(s.points.length).toBeGreaterThan(0);
      const own = squash(sections[i].chunks.map((c) => c.text).join(' '));
      for (const p of s.points) {
        expect(own).toContain(squash(p.quote));
        expect(squash(PAPER[p.page - 1])).toContain(squash(p.quote));
      }
    });
  });

  it('writes a mind map with the headings as branches linked to their pages', () => {
    const markdown = mindMapMarkdown('Trace-based [JIT] compilation', summarize(index.bm25, sections, 1));
    const lines = markdown.trimEnd().split('\n');
    expect(lines[0]).toBe('# Trace-based \\[JIT\\] compilation');
    expect(lines).toContain('## [Introduction](#page=1)');
    expect(lines).toContain('### [Blacklisting with Nesting](#page=7)');
    expect(lines.filter((l) => l.startsWith('- [')).every((l) => /\]\(#page=\d+\)$/.test(l))).toBe(true);
  });
});

describe('sentences', () => {
  it('does not end a sentence on an initial or a common abbreviation', () => {
    expect(sentences('Funded by the U.S. Government, e.g. the NSF. See Fig. 3 for details! Done')).toEqual([
      'Funded by the U.S. Government, e.g. the NSF.',
      'See Fig. 3 for details!',
      'Done',
    ]);
    expect(sentences('Ask Dr. Smith, i.e. the author. Prof. Martin agrees.')).toEqual(['Ask Dr. Smith, i.e. the author.', 'Prof. Martin agrees.']);
  });

  // The strings a reader saw broken in quotes of the libtasn1 manual, and their kin.
  it.each([
    'Abstract Syntax Notation One (ASN.1) library for the GNU system.',
    'Use it under the GNU Lesser General Public License version 2.1 or later.',
    'The header file of this library is libtasn1.h.',
    'Report bugs to: help-libtasn1@gnu.org and see https://www.gnu.org/software/libtasn1/ for news.',
    'Open word/_rels/document.xml.rels and [Content_Types].xml, then Override.xml.',
    'The ratio is 3.14 and the price 12.50 EUR.',
  ])('keeps "%s" whole', (sentence) => {
    expect(sentences(sentence)).toEqual([sentence]);
    expect(sentences(`${sentence} Next one.`)).toEqual([sentence, 'Next one.']);
  });

  it('gives sentences that are slices of the text, so consecutive ones read as the text does', () => {
    const text = 'ASN.1 is parsed.  The version is 2.1.\nMail help-libtasn1@gnu.org. Done';
    const found = sentences(text);
    expect(found).toEqual(['ASN.1 is parsed.', 'The version is 2.1.', 'Mail help-libtasn1@gnu.org.', 'Done']);
    expect(found.join(' ')).toBe(squash(text));
  });

  it('does not cut at a numbered heading or at leader dots', () => {
    expect(sentences('2.4 Library Notes. The file is here.')).toEqual(['2.4 Library Notes.', 'The file is here.']);
    expect(sentences('1. Introduction to it.')).toEqual(['1. Introduction to it.']);
    expect(sentences('Header file . . . . . 4 Threads')).toEqual(['Header file . . . . . 4 Threads']);
  });
});

describe('quotes from the libtasn1 manual (debian_libtasn1.pdf, 36 pages)', () => {
  const MANUAL = pdfPages(fixture('pdf/debian_libtasn1.pdf'));
  const manual = new DocumentIndex(chunkPages(MANUAL));
  /** The page as the index reads it: whitespace collapsed, words hyphenated across a line rejoined. */
  const pageText = (page: number) => paragraphs(MANUAL[page - 1]).map((p) => p.text).join(' ');

  it.each(['What is ASN.1?', 'Which license is the library under?', 'Where do I report bugs?', 'What is the header file of this library?', 'Is the library thread-safe?'])(
    'quotes the page word for word for "%s"',
    (question) => {
      const { found, citations } = manual.answer(question);
      expect(found).toBe(true);
      for (const c of citations) expect(pageText(c.page)).toContain(squash(c.quote).replace(/…$/, ''));
    },
  );

  it('keeps versions, file names and addresses whole in its quotes', () => {
    const quoted = (question: string) => manual.answer(question).citations.map((c) => c.quote).join(' ');
    expect(quoted('Which license is the library under?')).toContain('version 2.1 or later');
    expect(quoted('Where do I report bugs?')).toContain('help-libtasn1@gnu.org');
    expect(quoted('What is the header file of this library?')).toContain('The header file of this library is libtasn1.h.');
    expect(quoted('What is ASN.1?')).toContain('ASN.1');
    expect(quoted('What is ASN.1?')).not.toMatch(/ASN\. 1|\w\. \d/);
  });

  it('finds "Thread-safety." for a question about being thread-safe', () => {
    const { found, citations } = manual.answer('Is the library thread-safe?');
    expect(found).toBe(true);
    expect(citations[0]).toEqual({ page: 4, quote: '• Thread-safety. No global variables are used and multiple library handles and session handles may be used in parallel.' });
  });
});

describe('checkCitations', () => {
  const pageText = (page: number) => PAPER[page - 1];

  it('keeps a citation whose page says what the sentence claims, quoting the closest sentence there', () => {
    const checked = checkCitations('The work was sponsored by NSF grants CNS-0615443 and CNS-0627747 [p. 13].', pageText);
    expect(checked.dropped).toEqual([]);
    expect(checked.text).toContain('[p. 13]');
    expect(checked.citations).toHaveLength(1);
    expect(checked.citations[0]).toMatchObject({ page: 13, quote: expect.stringContaining('CNS-0615443') });
  });

  it('drops a citation to a page that does not hold the claim, or to a page the document does not have', () => {
    const checked = checkCitations('The work was sponsored by NSF grants CNS-0615443 [p. 2]. Blacklisting counts aborts [99].', pageText);
    expect(checked.dropped).toEqual([2, 99]);
    expect(checked.citations).toEqual([]);
    expect(checked.text).toBe('The work was sponsored by NSF grants CNS-0615443. Blacklisting counts aborts.');
  });
});
