import { access, mkdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import { runEngine } from '../engines/run';

/**
 * Tesseract data in the npm packages: the integer "best" LSTM models (the smaller files, and what
 * tesseract.js itself fetches for LSTM-only recognition). Both engines read these same files, so a
 * page reads the same whichever engine runs it. Each language lives in its own package.
 */
const MODEL_VARIANT = '4.0.0_best_int';
/**
 * chi_sim's best_int model, when it leads a combination ("chi_sim+eng"), makes Tesseract look for
 * a language with a garbled name and drop the others; the standard model (4.0.0) does not.
 */
const variantOf = (lang: OcrLanguage, languages: readonly OcrLanguage[]) =>
  lang === 'chi_sim' && languages[0] === 'chi_sim' && languages.length > 1 ? '4.0.0' : MODEL_VARIANT;
const requireFromHere = createRequire(import.meta.url);

/** The gzipped model `lang` is read with among `languages`, and the variant it is. */
function model(lang: OcrLanguage, languages: readonly OcrLanguage[]): { file: string; variant: string } {
  const pkg = path.dirname(requireFromHere.resolve(`@tesseract.js-data/${lang}/package.json`));
  const variant = variantOf(lang, languages);
  return { file: path.join(pkg, variant, `${lang}.traineddata.gz`), variant };
}

const linkOnce = (target: string, link: string) =>
  symlink(target, link).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EEXIST') throw e;
  });

/** A folder of the gzipped models, for tesseract.js, which reads every language from one folder. */
export async function gzippedModels(languages: readonly OcrLanguage[], workDir: string): Promise<string> {
  const dir = path.join(workDir, 'tessdata');
  await mkdir(dir, { recursive: true });
  for (const lang of languages) await linkOnce(model(lang, languages).file, path.join(dir, `${lang}.traineddata.gz`));
  return dir;
}

/** Models unpacked once per machine (and user), outliving the tasks whose engines read them. */
const CACHE = path.join(os.tmpdir(), `sheaf-tessdata-${os.userInfo().uid}`);

let systemTessdata: Promise<string> | undefined;

/** Tesseract's own data folder, which holds the glyphless font its text-only PDF is drawn in. */
function tesseractDataDir(): Promise<string> {
  systemTessdata ??= runEngine('tesseract', ['--list-langs'], { timeoutMs: 15_000 }).then(({ stdout, stderr }) => {
    const dir = /languages in "([^"]+)"/.exec(stdout + stderr)?.[1];
    return dir ?? '/usr/share/tesseract-ocr/5/tessdata';
  });
  return systemTessdata;
}

/** Models being unpacked or unpacked by this process: two engines starting at once unpack a model once. */
const unpacking = new Map<string, Promise<string>>();

/** The model unpacked into the cache, written under another name and renamed, so a Tesseract never reads half a file. */
function unpacked({ file, variant }: { file: string; variant: string }): Promise<string> {
  const target = path.join(CACHE, variant, path.basename(file, '.gz'));
  let done = unpacking.get(target);
  if (!done) {
    done = access(target).catch(async () => {
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.part`;
      await writeFile(partial, await promisify(gunzip)(await readFile(file)));
      await rename(partial, target);
    }).then(() => target);
    unpacking.set(target, done);
  }
  return done;
}

/**
 * A folder native Tesseract reads `languages` from (`--tessdata-dir`): the shipped models, unpacked,
 * and the glyphless font pdf.ttf of the installed Tesseract.
 */
export async function unpackedModels(languages: readonly OcrLanguage[]): Promise<string> {
  const dir = path.join(CACHE, languages.map((lang) => `${lang}-${variantOf(lang, languages)}`).join('+'));
  await mkdir(dir, { recursive: true });
  for (const lang of languages) await linkOnce(await unpacked(model(lang, languages)), path.join(dir, `${lang}.traineddata`));
  await linkOnce(path.join(await tesseractDataDir(), 'pdf.ttf'), path.join(dir, 'pdf.ttf'));
  return dir;
}
