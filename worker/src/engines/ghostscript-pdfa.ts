import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import type { Interpreter } from './ghostscript';
import { runEngine } from './run';

const GS = 'gs';
/** PDF/A-1 flattens transparency page by page, Ghostscript's slowest rewrite. */
const TIMEOUT_MS = 1_200_000;
/** Debian's sRGB profile (libgs-common, which ghostscript depends on): the output intent of every PDF/A we write. */
export const SRGB_PROFILE = '/usr/share/color/icc/ghostscript/srgb.icc';
const NOTHING_PROCESSED = 'No pages will be processed';

/**
 * The PostScript that Ghostscript's PDFA_def.ps stands for, with the profile's components stated
 * (3) rather than guessed from the device: the sRGB profile as the document's output intent.
 */
const outputIntent = (profile: string) => `%!
[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark
[{icc_PDFA} << /N 3 >> /PUT pdfmark
[{icc_PDFA} (${profile}) (r) file /PUT pdfmark
[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark
[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA}
  /OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) /RegistryName (http://www.color.org) >> /PUT pdfmark
[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark
`;

/**
 * Rewrites a PDF as PDF/A-`part` (level B) with pdfwrite: fonts embedded, every colour converted
 * to RGB under the sRGB output intent (so no DeviceRGB or CMYK is left without one), XMP with the
 * PDF/A identification, JavaScript and encryption dropped, and for part 1 transparency flattened.
 * Ghostscript runs in UTC: 10.0 writes the Info dates with a broken zone ("Z00'00'") that
 * `fixInfoDates` repairs, and in UTC the XMP dates it writes are the same instants.
 */
export async function convertToPdfa(
  input: string,
  output: string,
  opts: { part: 1 | 2 | 3; interpreter: Interpreter; workDir: string; signal?: AbortSignal },
): Promise<void> {
  const prefix = path.join(opts.workDir, `pdfa-def-${opts.interpreter}.ps`);
  await writeFile(prefix, outputIntent(SRGB_PROFILE));
  const args = [
    ...(opts.interpreter === 'legacy' ? ['-dNEWPDF=false'] : []),
    '-q',
    '-dNOPAUSE',
    '-dBATCH',
    '-dSAFER',
    `--permit-file-read=${SRGB_PROFILE}`,
    '-sstdout=%stderr',
    '-sDEVICE=pdfwrite',
    '-dAutoRotatePages=/None',
    `-dPDFA=${opts.part}`,
    // What PDF/A forbids is left out (with a warning) rather than the whole conversion stopped.
    '-dPDFACompatibilityPolicy=1',
    '-sColorConversionStrategy=RGB',
    '-sProcessColorModel=DeviceRGB',
    `-sOutputFile=${path.resolve(output).replaceAll('%', '%%')}`,
    path.resolve(prefix),
    path.resolve(input),
  ];
  const { stderr } = await runEngine(GS, args, { timeoutMs: TIMEOUT_MS, signal: opts.signal, env: { TZ: 'UTC' } });
  if (stderr.includes(NOTHING_PROCESSED)) throw new AppError('TASK_FAILED', `gs could not read ${path.basename(input)}: ${stderr.trim().slice(-1000)}`);
}
