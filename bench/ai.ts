import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { chunkPages, type TextChunk } from '#shared/ai/chunks';
import { DocumentIndex } from '#shared/ai/document-answer';
import { fixture, pdfPages } from '../tests/support/fixtures';
import { median, table, timed } from './lib';

/** bench/ai-questions.json: per fixture PDF, questions with the physical pages that answer them, and questions it cannot answer. */
export const questionSet = z.object({
  documents: z.array(
    z.object({
      /** Path under tests/fixtures. */
      file: z.string(),
      /** PostgreSQL's text search configuration for the baseline. */
      language: z.enum(['english', 'french']),
      /** heldOut: written after document mode's rules were tuned, so they measure the rules on new questions. */
      questions: z.array(
        z.object({ question: z.string().min(1), pages: z.array(z.int().positive()).min(1), heldOut: z.boolean().default(false) }),
      ),
      unanswerable: z.array(
        z.union([
          z
            .string()
            .min(1)
            .transform((question) => ({ question, heldOut: false })),
          z.object({ question: z.string().min(1), heldOut: z.boolean() }),
        ]),
      ),
    }),
  ),
});

export const QUESTIONS_FILE = path.join(import.meta.dirname, 'ai-questions.json');

/** The pages of the first three citations (or passages), best first. */
type Ranking = (question: string) => Promise<number[]>;

interface Tally {
  answerable: number;
  first: number;
  topThree: number;
  wronglyNotFound: number;
  unanswerable: number;
  notFound: number;
}

const emptyTally = (): Tally => ({ answerable: 0, first: 0, topThree: 0, wronglyNotFound: 0, unanswerable: 0, notFound: 0 });
const pct = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}% (${part}/${whole})` : '–');

/**
 * The baseline the issue names: PostgreSQL's own ranking (ts_rank) over the same passages, in a
 * temporary table on one connection. `all` asks for every word of the question (plainto_tsquery as
 * is); `any` for any of them (its `&` turned into `|`), since a natural question rarely has all its
 * words in one passage.
 */
async function postgresRankings(client: pg.Client, chunks: readonly TextChunk[], language: string) {
  await client.query('DROP TABLE IF EXISTS bench_ai_passages');
  await client.query('CREATE TEMP TABLE bench_ai_passages (ordinal int, page int, body tsvector)');
  for (const c of chunks) {
    await client.query('INSERT INTO bench_ai_passages VALUES ($1, $2, to_tsvector($3::regconfig, $4))', [
      c.ordinal,
      c.page,
      language,
      c.text,
    ]);
  }
  const rank =
    (mode: 'all' | 'any'): Ranking =>
    async (question) => {
      const query =
        mode === 'all'
          ? 'plainto_tsquery($1::regconfig, $2)'
          : "to_tsquery($1::regconfig, replace(plainto_tsquery($1::regconfig, $2)::text, '&', '|'))";
      const { rows } = await client.query<{ page: number }>(
        `SELECT page FROM bench_ai_passages, ${query} q WHERE body @@ q ORDER BY ts_rank(body, q) DESC, ordinal LIMIT 3`,
        [language, question],
      );
      return rows.map((r) => r.page);
    };
  return { all: rank('all'), any: rank('any') };
}

/**
 * Document mode's retrieval on a hand-made question set (bench/ai-questions.json): whether the first
 * citation, or one of the first three, is a page that answers; whether questions the document
 * cannot answer get "not found". PostgreSQL full-text ranking of the same passages side by side,
 * for the citation shares only (it has no "not found" rule). Then the time to index the 65-page
 * report and to answer one question.
 */
export async function aiBench(): Promise<string> {
  const set = questionSet.parse(JSON.parse(await fs.readFile(QUESTIONS_FILE, 'utf8')));
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL not set');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();

  const systems = ['Sheaf document mode', 'Sheaf BM25 ranking alone', 'Postgres ts_rank, all words', 'Postgres ts_rank, any word'];
  const totals = systems.map(emptyTally);
  const heldOut = emptyTally();
  const rows: string[][] = [];
  const misses: string[][] = [];
  let timing = { file: '', extract: 0, build: 0, answer: 0, pages: 0, passages: 0 };
  try {
    for (const doc of set.documents) {
      const file = fixture(doc.file);
      const pages = pdfPages(file);
      const chunks = chunkPages(pages);
      const index = new DocumentIndex(chunks);
      const postgres = await postgresRankings(client, chunks, doc.language);
      const sheaf: Ranking = async (question) => index.answer(question).citations.map((c) => c.page);
      // The same index's order without the "not found" rule or the quoting, like for like with Postgres.
      const bm25: Ranking = async (question) => index.bm25.search(question, 3).map((h) => chunks[h.index].page);
      const rankings = [sheaf, bm25, postgres.all, postgres.any];
      const tallies = systems.map(emptyTally);

      for (const { question, pages: targets, heldOut: isHeldOut } of doc.questions) {
        for (const [s, rank] of rankings.entries()) {
          const cited = await rank(question);
          for (const t of s === 0 && isHeldOut ? [tallies[s], heldOut] : [tallies[s]]) {
            t.answerable++;
            if (cited.length === 0) t.wronglyNotFound++;
            if (targets.includes(cited[0])) t.first++;
            if (cited.slice(0, 3).some((p) => targets.includes(p))) t.topThree++;
          }
          if (s === 0 && !targets.includes(cited[0])) {
            misses.push([path.basename(doc.file), question, targets.join(', '), cited.length ? cited.join(', ') : 'not found']);
          }
        }
      }
      for (const { question, heldOut: isHeldOut } of doc.unanswerable) {
        const answer = index.answer(question);
        for (const t of isHeldOut ? [tallies[0], heldOut] : [tallies[0]]) {
          t.unanswerable++;
          if (!answer.found) t.notFound++;
        }
        if (answer.found)
          misses.push([path.basename(doc.file), `${question} (unanswerable)`, '–', answer.citations.map((c) => c.page).join(', ')]);
      }
      for (const [s, t] of tallies.entries()) {
        rows.push(row(path.basename(doc.file), systems[s], t, s === 0));
        for (const key of Object.keys(t) as (keyof Tally)[]) totals[s][key] += t[key];
      }

      if (pages.length > timing.pages) {
        const extract = median(await repeat(5, () => pdfPages(file)));
        const build = median(await repeat(20, () => new DocumentIndex(chunkPages(pages))));
        const answer = median(await repeat(20, () => index.answer(doc.questions[0].question)));
        timing = { file: path.basename(doc.file), extract, build, answer, pages: pages.length, passages: chunks.length };
      }
    }
  } finally {
    await client.end();
  }
  for (const [s, t] of totals.entries()) rows.push(row('**all documents**', systems[s], t, s === 0));
  rows.push(row('**held-out questions only**', systems[0], heldOut, true));

  return [
    '## AI assistant: document mode retrieval',
    '',
    `${set.documents.length} real PDFs from tests/fixtures, hand-made questions with the pages that answer them (bench/ai-questions.json; the French report asked in French). ` +
      'A hit is a cited page among the target pages. Goals: first citation ≥ 70%, within the first three ≥ 85%, unanswerable answered "not found" 100%. ' +
      '"BM25 ranking alone" is the pages of document mode\'s three best passages before its "not found" rule. ' +
      '"Held-out questions" were written after document mode\'s "not found" rules were tuned on the others: they show how the rules do on questions they have not seen. ' +
      'Postgres ranks the same passages with `ts_rank(to_tsvector(language, text), query)`; with no "not found" rule of its own, only its citation shares count ("no passage" is a question that matched nothing).',
    '',
    table(
      [
        'Document',
        'Ranking',
        'First citation on a target page',
        'Target in first three',
        'Unanswerable → not found',
        'Answerable → not found / no passage',
      ],
      rows,
    ),
    '',
    misses.length
      ? '### Questions document mode gets wrong\n\n' + table(['Document', 'Question', 'Target pages', 'Cited pages'], misses)
      : 'Document mode answers every question as expected.',
    '',
    table(
      ['Timing (median)', 'Value'],
      [
        [`pdftotext of \`${timing.file}\` (${timing.pages} pages)`, ms(timing.extract)],
        [`Building the index (${timing.passages} passages)`, ms(timing.build)],
        ['Answering one question', ms(timing.answer)],
      ],
    ),
  ].join('\n');
}

function row(doc: string, system: string, t: Tally, ownRule: boolean): string[] {
  return [
    doc,
    system,
    pct(t.first, t.answerable),
    pct(t.topThree, t.answerable),
    ownRule ? pct(t.notFound, t.unanswerable) : '–',
    pct(t.wronglyNotFound, t.answerable),
  ];
}

async function repeat(times: number, work: () => unknown): Promise<number[]> {
  const seconds: number[] = [];
  for (let i = 0; i < times; i++) seconds.push((await timed(async () => work())).seconds);
  return seconds;
}

const ms = (seconds: number) => `${(seconds * 1000).toFixed(1)} ms`;
