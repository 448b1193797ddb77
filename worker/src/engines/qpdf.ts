import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, type ErrorCode } from '#shared/errors';
import { runEngine } from './run';

const QPDF = 'qpdf';
/** qpdf is fast (a 100 MB merge takes seconds); this only stops a pathological file. */
const TIMEOUT_MS = 120_000;
/** qpdf exits 3 for "succeeded with warnings", which is what a repaired file looks like. */
const SUCCESS = [0, 3] as const;

/**
 * Paths are made absolute so qpdf can never read one as an option ("-x.pdf") or as an argument
 * file ("@list"), and never as a page range inside --pages.
 */
const abs = (file: string) => path.resolve(file);

/**
 * True when the file cannot be opened without a user password. Owner-only (restrictions-only)
 * files open with the empty password, so they are not "required". `--requires-password` exits
 * 0 = a password is needed, 2 = not encrypted (also: unreadable), 3 = encrypted but opens.
 */
export async function isPasswordRequired(file: string, signal?: AbortSignal): Promise<boolean> {
  const { code } = await runEngine(QPDF, ['--requires-password', abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: [0, 2, 3] });
  return code === 0;
}

/**
 * Pages of a document, found by walking its page tree (`--show-pages`; `--show-npages` only reads
 * the root's /Count, so it misses a tree whose pages refer to each other in a loop).
 */
export async function pageCount(file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runEngine(QPDF, ['--show-pages', abs(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
    errorCode: 'PDF_DAMAGED',
  });
  return stdout.match(/^page \d+:/gm)?.length ?? 0;
}

/**
 * The page count a document declares (its page tree's root /Count), read without walking the tree:
 * a second for 100,000 pages, where `pageCount` takes four. Enough to refuse a document before any
 * work; a /Count that lies low only leaves the work to the task's time limit, as before.
 */
export async function declaredPageCount(file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runEngine(QPDF, ['--show-npages', abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS, errorCode: 'PDF_DAMAGED' });
  return Number(stdout.trim());
}

/**
 * Rewrites a PDF without encryption, reconstructing a broken cross-reference table on the way.
 * Only for files that open without a password (owner-only encryption is dropped here).
 * A file qpdf cannot make sense of fails with PDF_DAMAGED.
 */
export async function rewriteRepaired(input: string, output: string, signal?: AbortSignal, opts: { decode?: boolean } = {}): Promise<void> {
  // `decode`: streams of every general filter (ASCII85, LZW, a broken Flate…) written again as sound Flate, for pdf-lib, which reads only some.
  const decode = opts.decode ? ['--decode-level=generalized', '--recompress-flate'] : [];
  await runEngine(QPDF, ['--decrypt', ...decode, abs(input), abs(output)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
    errorCode: 'PDF_DAMAGED',
  });
}

/**
 * Whether the document has interactive form fields (Ghostscript's pdfwrite would flatten them).
 * qpdf 11.3's form JSON fails (exit 2, "operation for dictionary attempted on object of type null")
 * on widget annotations in a document whose catalog has no /AcroForm, a valid shape. Then the
 * catalog itself says: with no /AcroForm there is no form; with one, the answer errs on the side
 * of a form, which only costs compress its lossy pass.
 */
export async function hasFormFields(file: string, signal?: AbortSignal): Promise<boolean> {
  const { stdout, code } = await runEngine(QPDF, ['--json', '--json-key=acroform', abs(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: [...SUCCESS, 2],
  });
  if (code === 2) return /\/AcroForm\b/.test(await catalogOf(file, signal));
  const json = JSON.parse(stdout) as { acroform?: { fields?: unknown[] } };
  return (json.acroform?.fields?.length ?? 0) > 0;
}

/** The catalog dictionary, in PDF syntax as qpdf prints it. */
async function catalogOf(file: string, signal?: AbortSignal): Promise<string> {
  const root = /\/Root (\d+) (\d+) R/.exec(await show(file, ['--show-object=trailer'], signal));
  if (!root) throw new AppError('PDF_DAMAGED', 'no /Root in the trailer');
  return show(file, [`--show-object=${root[1]},${root[2]}`], signal);
}

/** A bookmark: its title, the page it points at and how it shows that page. */
export interface OutlineItem {
  title: string;
  /** 1-based page the bookmark points at; null when it points nowhere in the document. */
  page: number | null;
  /** The destination after the page, e.g. ["/XYZ", 69, 769, 0]; empty when unknown. */
  view: unknown[];
  open: boolean;
  kids: OutlineItem[];
}

interface QpdfOutline {
  title: string;
  dest: unknown;
  destpageposfrom1: number | null;
  open: boolean;
  kids: QpdfOutline[];
}

type OutlineJson = { outlines?: QpdfOutline[]; pages?: Array<{ object: string }> };

/** qpdf's outline JSON as a tree of bookmarks. Destinations given by a GoTo action are followed too. */
function outlinesOf(json: OutlineJson): OutlineItem[] {
  const pageOf = new Map((json.pages ?? []).map((p, i) => [p.object, i + 1]));
  const convert = (item: QpdfOutline): OutlineItem => {
    // qpdf resolves named destinations; an action's destination sits under /D.
    const dest = item.dest && typeof item.dest === 'object' && !Array.isArray(item.dest) ? (item.dest as Record<string, unknown>)['/D'] : item.dest;
    const array = Array.isArray(dest) ? dest : [];
    const page = item.destpageposfrom1 ?? (typeof array[0] === 'string' ? pageOf.get(array[0]) : undefined) ?? null;
    return { title: item.title, page, view: array.slice(1), open: item.open, kids: item.kids.map(convert) };
  };
  return (json.outlines ?? []).map(convert);
}

/** The document's bookmarks (outline), as a tree. */
export async function outlines(file: string, signal?: AbortSignal): Promise<OutlineItem[]> {
  const { stdout } = await runEngine(QPDF, ['--json', '--json-key=outlines', '--json-key=pages', abs(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
  });
  return outlinesOf(JSON.parse(stdout) as OutlineJson);
}

/** What an incremental update of a document needs, in PDF syntax as qpdf prints it. */
export interface UpdateBase {
  /** "n g R" of the catalog. */
  rootRef: string;
  /** The catalog dictionary. */
  catalog: string;
  /** The trailer's /Size: the first free object number. */
  size: number;
  /** The trailer's /Info and /ID entries, to carry into the update's trailer. */
  keep: string[];
  /** Each page's "n g R", in page order. */
  pageRefs: string[];
}

const show = async (file: string, options: string[], signal?: AbortSignal) =>
  (await runEngine(QPDF, [...options, abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS })).stdout;

/** Reads the trailer, the catalog and the page references: small reads, no page content parsed. */
export async function updateBase(file: string, signal?: AbortSignal): Promise<UpdateBase> {
  // qpdf writes the catalog as object 1: it is read beside the trailer, and again only when the trailer names another.
  const [trailer, firstAndPages] = await Promise.all([show(file, ['--show-object=trailer'], signal), show(file, ['--show-object=1', '--show-pages'], signal)]);
  const root = /\/Root (\d+) (\d+) R/.exec(trailer);
  const size = /\/Size (\d+)/.exec(trailer);
  if (!root || !size) throw new Error(`unexpected trailer: ${trailer.slice(0, 200)}`);
  const [first, pages] = splitAtPages(firstAndPages);
  const pdfString = String.raw`(?:<[0-9a-fA-F\s]*>|\((?:[^()\\]|\\.)*\))`;
  const keep = [/\/Info \d+ \d+ R/.exec(trailer)?.[0], new RegExp(String.raw`/ID \[ ${pdfString} ${pdfString} \]`).exec(trailer)?.[0]];
  const rootRef = `${root[1]} ${root[2]} R`;
  return {
    rootRef,
    catalog: (rootRef === '1 0 R' ? first : await show(file, [`--show-object=${root[1]},${root[2]}`], signal)).trim(),
    size: Number(size[1]),
    keep: keep.filter((entry) => entry !== undefined),
    pageRefs: [...pages.matchAll(/^page \d+: (\d+ \d+ R)$/gm)].map((m) => m[1]),
  };
}

/** `--show-object` and `--show-pages` in one call print the object, then the pages from the first "page 1:" line. */
function splitAtPages(output: string): [string, string] {
  const at = output.search(/^page 1: /m);
  return at < 0 ? [output, ''] : [output.slice(0, at), output.slice(at)];
}

/** What one cheap read of a PDF tells: whether qpdf may take it as it is, its pages and its bookmarks. */
export interface PdfProbe {
  /** Opened without a warning (no repair) and not encrypted at all: qpdf can use the file as it is. */
  sound: boolean;
  pages: number;
  outlines: OutlineItem[];
}

/**
 * Reads only the page tree, the outline and the encryption dictionary (qpdf parses lazily, so this
 * costs a fraction of a rewrite). Undefined when qpdf cannot open the file at all: it needs a
 * password, or it is damaged past reading; the caller's full check then says which.
 */
export async function probe(file: string, signal?: AbortSignal): Promise<PdfProbe | undefined> {
  const { stdout, code } = await runEngine(QPDF, ['--json', '--json-key=encrypt', '--json-key=outlines', '--json-key=pages', abs(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: [0, 2, 3],
  });
  if (code === 2) return undefined;
  const json = JSON.parse(stdout) as OutlineJson & { encrypt?: { encrypted?: boolean } };
  return { sound: code === 0 && json.encrypt?.encrypted === false, pages: json.pages?.length ?? 0, outlines: outlinesOf(json) };
}

/**
 * Concatenates whole documents in order. Starting from --empty keeps no document-level data of
 * any input (metadata, outlines); qpdf still carries pages' links and form fields across.
 */
export async function merge(inputs: readonly string[], output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--empty', '--pages', ...inputs.map(abs), '--', abs(output)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS });
}

/**
 * Copies pages `from`..`to` (1-based, inclusive) into a new file. Built from --empty, because
 * keeping the source as the base would drag every page referenced by its outlines along.
 */
export async function extractPages(input: string, from: number, to: number, output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--empty', '--pages', abs(input), `${from}-${to}`, '--', abs(output)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
  });
}

/** Lossless shrink: every Flate stream recompressed at the highest level, objects packed into object streams. */
export async function recompress(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--recompress-flate', '--compression-level=9', '--object-streams=generate', abs(input), abs(output)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
  });
}

/** One run of pages for `selectPages`: a file and a qpdf page range of it ("1-3,7", "5"). */
export interface PageRun {
  file: string;
  range: string;
}

/**
 * Builds a document from runs of pages, keeping `base`'s document-level data (outlines, form,
 * metadata). qpdf drops the form fields whose pages are gone, but keeps every outline entry: one
 * whose page is gone stays in the outline and leads nowhere (its page itself is not kept).
 * `rotations` adds a clockwise rotation to pages of the result (1-based positions in the output).
 */
export async function selectPages(
  base: string,
  runs: readonly PageRun[],
  output: string,
  opts: { rotations?: ReadonlyArray<{ pages: string; angle: number }>; signal?: AbortSignal } = {},
): Promise<void> {
  const rotate = (opts.rotations ?? []).map((r) => `--rotate=+${r.angle}:${r.pages}`);
  const pages = runs.flatMap((r) => [abs(r.file), r.range]);
  await runEngine(QPDF, [abs(base), ...rotate, '--pages', ...pages, '--', abs(output)], { timeoutMs: TIMEOUT_MS, signal: opts.signal, okCodes: SUCCESS });
}

/** Adds a clockwise rotation to the given pages (a qpdf range; "1-z" for all), keeping everything else. */
export async function rotatePages(input: string, output: string, angle: number, pages: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, [abs(input), `--rotate=+${angle}:${pages}`, abs(output)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS });
}

/**
 * Lays pages of `stamps` over (or under) pages of `input`: destination page `to[i]` gets stamp page
 * `from[i]`. qpdf turns each stamp page into one form XObject, reused by every page it lands on, and
 * maps the stamp page's trim box onto the destination's undoing both pages' /Rotate: a stamp page
 * with its destination's boxes and rotation lands exactly where it was drawn.
 */
export async function stampPages(
  input: string,
  stamps: string,
  output: string,
  opts: { layer: 'over' | 'under'; to: string; from: string; signal?: AbortSignal },
): Promise<void> {
  await runEngine(QPDF, [abs(input), `--${opts.layer === 'over' ? 'overlay' : 'underlay'}`, abs(stamps), `--to=${opts.to}`, `--from=${opts.from}`, '--', abs(output)], {
    timeoutMs: TIMEOUT_MS,
    signal: opts.signal,
    okCodes: SUCCESS,
  });
}

/**
 * Passwords never go on the command line (other local users can read it in `ps`), and never
 * through qpdf's argument parser either: after `--encrypt` a password starting with "-" is read as
 * an option ("-x" fails, "--" crashes qpdf 11.3). qpdf reads the whole job from a private JSON
 * file instead, where a password is just a string.
 */
async function runJob(dir: string, job: Record<string, unknown>, opts: { signal?: AbortSignal; errorCode?: ErrorCode }): Promise<void> {
  const file = path.join(dir, `.qpdf-job-${randomBytes(8).toString('hex')}.json`);
  await writeFile(file, JSON.stringify(job), { mode: 0o600 });
  try {
    await runEngine(QPDF, [`--job-json-file=${file}`], {
      timeoutMs: TIMEOUT_MS,
      signal: opts.signal,
      okCodes: SUCCESS,
      errorCode: opts.errorCode,
    });
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Encrypts with AES: 128-bit (the spec) or 256-bit. The owner password is random, so the
 * document's restrictions cannot be lifted by anyone without it; the user password opens it.
 */
export async function encrypt(
  input: string,
  output: string,
  opts: { userPassword: string; bits: 128 | 256; workDir: string; signal?: AbortSignal },
): Promise<void> {
  const owner = randomBytes(24).toString('base64url');
  const key = opts.bits === 128 ? { '128bit': { useAes: 'y' } } : { '256bit': {} };
  const encrypt = { userPassword: opts.userPassword, ownerPassword: owner, ...key };
  await runJob(opts.workDir, { inputFile: abs(input), outputFile: abs(output), encrypt }, { signal: opts.signal });
}

/**
 * Removes encryption with the user's password (user or owner password both work). A wrong
 * password fails with WRONG_PASSWORD, so the page can ask again without a new upload.
 */
export async function decrypt(input: string, output: string, opts: { password: string; workDir: string; signal?: AbortSignal }): Promise<void> {
  try {
    await runJob(opts.workDir, { inputFile: abs(input), password: opts.password, decrypt: '', outputFile: abs(output) }, {
      signal: opts.signal,
      errorCode: 'PDF_DAMAGED',
    });
  } catch (e) {
    if (e instanceof AppError && /invalid password/i.test(e.detail ?? '')) throw new AppError('WRONG_PASSWORD', 'qpdf: invalid password');
    throw e;
  }
}

/** Whether the file is encrypted at all, including owner-only (restrictions) encryption. */
export async function isEncrypted(file: string, signal?: AbortSignal): Promise<boolean> {
  const { code } = await runEngine(QPDF, ['--is-encrypted', abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: [0, 2] });
  return code === 0;
}

/**
 * Draws every annotation's appearance into its page's content and removes the annotation: form
 * fields first get appearances from their values (`--generate-appearances`), and qpdf drops the
 * form itself once its fields are gone.
 */
export async function flattenAnnotations(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--generate-appearances', '--flatten-annotations=all', abs(input), abs(output)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS });
}

/** Objects in qpdf's JSON v2 form: "obj:12 0 R" (or "trailer") to `{ value }` or `{ stream: { dict } }`. */
export type QpdfObjects = Record<string, { value?: unknown; stream?: { dict: Record<string, unknown>; data?: string } }>;

/** The header qpdf writes before the objects: `maxobjectid` is the highest object number in use. */
export interface QpdfJsonHeader {
  maxobjectid: number;
}

/** The trailer and the given objects ("12 0 R"), as qpdf's JSON v2 writes them, without stream data. */
export async function jsonObjects(file: string, refs: readonly string[], signal?: AbortSignal): Promise<{ header: QpdfJsonHeader; objects: QpdfObjects }> {
  const selectors = ['trailer', ...refs.map((ref) => ref.replace(/^(\d+) (\d+) R$/, '$1,$2'))].map((o) => `--json-object=${o}`);
  const { stdout } = await runEngine(QPDF, ['--json', '--json-key=qpdf', ...selectors, abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS });
  const [header, objects] = (JSON.parse(stdout) as { qpdf: [QpdfJsonHeader, QpdfObjects] }).qpdf;
  return { header, objects };
}

/** A page object ("12 0 R") with the streams it draws: its content streams and its images. */
export interface PageObject {
  object: string;
  contents: string[];
  images: Array<{ object: string }>;
}

/** The page objects, in page order. */
export async function pageObjects(file: string, signal?: AbortSignal): Promise<PageObject[]> {
  const { stdout } = await runEngine(QPDF, ['--json', '--json-key=pages', abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS, errorCode: 'PDF_DAMAGED' });
  return (JSON.parse(stdout) as { pages: PageObject[] }).pages;
}

/**
 * Writes `input` with the given objects replaced or added (qpdf's JSON v2, `--update-from-json`);
 * objects nothing refers to any more are left out of the output.
 */
export async function updateObjects(input: string, objects: QpdfObjects, output: string, opts: { workDir: string; signal?: AbortSignal }): Promise<void> {
  const file = path.join(opts.workDir, `.qpdf-update-${randomBytes(8).toString('hex')}.json`);
  await writeFile(file, JSON.stringify({ qpdf: [{ jsonversion: 2 }, objects] }));
  try {
    await runEngine(QPDF, [abs(input), `--update-from-json=${abs(file)}`, abs(output)], { timeoutMs: TIMEOUT_MS, signal: opts.signal, okCodes: SUCCESS });
  } finally {
    await rm(file, { force: true });
  }
}

/** What `qpdf --check` says of a file: its exit code (0 clean, 2 errors, 3 warnings) and its messages. */
export async function check(file: string, signal?: AbortSignal): Promise<{ code: number; messages: string }> {
  const { stdout, stderr, code } = await runEngine(QPDF, ['--check', abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: [0, 2, 3] });
  return { code, messages: `${stdout}\n${stderr}` };
}

/**
 * Rewrites a damaged file as qpdf reconstructs it, or fails with PDF_DAMAGED; the qpdf messages
 * say what it found wrong. Only for files that open without a password.
 */
export async function reconstruct(input: string, output: string, signal?: AbortSignal): Promise<string> {
  const { stderr } = await runEngine(QPDF, ['--decrypt', abs(input), abs(output)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS, errorCode: 'PDF_DAMAGED' });
  return stderr;
}

/** A whole document's objects as JSON: a few hundred bytes an object, so well past the default for a large one. */
const OBJECTS_MAX_STDOUT = 256 * 1024 * 1024;

/** Every object of the document and its trailer, as qpdf's JSON v2 writes them, without stream data. */
export async function allObjects(file: string, signal?: AbortSignal): Promise<QpdfObjects> {
  const { stdout } = await runEngine(QPDF, ['--json', '--json-key=qpdf', abs(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
    errorCode: 'PDF_DAMAGED',
    maxStdoutBytes: OBJECTS_MAX_STDOUT,
  });
  return (JSON.parse(stdout) as { qpdf: [QpdfJsonHeader, QpdfObjects] }).qpdf[1];
}

/**
 * The given streams ("12 0 R") with their data decoded (base64) where qpdf can decode it; the
 * dictionary of a decoded stream no longer names a filter.
 */
export async function decodedStreams(file: string, refs: readonly string[], signal?: AbortSignal): Promise<QpdfObjects> {
  if (refs.length === 0) return {};
  const selectors = refs.map((ref) => `--json-object=${ref.replace(/^(\d+) (\d+) R$/, '$1,$2')}`);
  const { stdout } = await runEngine(QPDF, ['--json', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=generalized', ...selectors, abs(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
    maxStdoutBytes: OBJECTS_MAX_STDOUT,
  });
  return (JSON.parse(stdout) as { qpdf: [QpdfJsonHeader, QpdfObjects] }).qpdf[1];
}
