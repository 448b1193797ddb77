import { mkdtemp, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from './run';

const TIMEOUT_MS = 120_000;
/** pdfsig exits 2 for a file without signatures: an answer, not a failure. */
const NO_SIGNATURES = 2;

/** How pdfsig judged the signed bytes against the signature (not the signer's certificate). */
export type SignatureIntegrity = 'valid' | 'invalid' | 'unknown';

/** One signature as pdfsig reads it, with its CMS (PKCS#7) bytes for the caller's own certificate checks. */
export interface PdfSignature {
  field: string;
  /** The signer certificate's common name, and its whole distinguished name. */
  signer: string;
  subject: string;
  /** The signing time the signature states, ISO 8601 UTC, or null when it states none. */
  signedAt: string | null;
  /** The signature's byte ranges run to the end of the file: nothing was added after it. */
  coversWholeFile: boolean;
  integrity: SignatureIntegrity;
  cms: Buffer;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 29 2026 08:00:00", which pdfsig prints in the process's time zone (UTC here, see below). */
function signingTime(text: string | undefined): string | null {
  const m = text?.match(/^(\w{3}) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/);
  const month = m ? MONTHS.indexOf(m[1]!) : -1;
  if (!m || month < 0) return null;
  return new Date(Date.UTC(Number(m[3]), month, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]))).toISOString();
}

function integrity(text: string | undefined): SignatureIntegrity {
  if (text === 'Signature is Valid.') return 'valid';
  // Poppler's words for bytes that no longer match, or a signature that does not verify.
  if (text === 'Digest Mismatch.' || text === 'Signature is Invalid.' || text === 'Document isn\'t signed or corrupted data.') return 'invalid';
  return 'unknown';
}

/**
 * Every signature of a PDF, read by poppler's pdfsig without its own certificate check (-nocert:
 * it would consult an NSS database, not the operator's roots). The signatures are then dumped
 * beside a link to the file, in a folder of their own, and read back.
 */
export async function readSignatures(file: string, workDir: string, signal?: AbortSignal): Promise<PdfSignature[]> {
  const dir = await mkdtemp(path.join(workDir, 'pdfsig-'));
  const linked = path.join(dir, 'input.pdf');
  await symlink(path.resolve(file), linked);
  const run = (args: string[]) =>
    runEngine('pdfsig', [...args, linked], { timeoutMs: TIMEOUT_MS, signal, cwd: dir, env: { TZ: 'UTC' }, okCodes: [0, NO_SIGNATURES], errorCode: 'PDF_DAMAGED' });
  const { stdout, code } = await run(['-nocert', '-no-ocsp']);
  if (code === NO_SIGNATURES) return [];
  // With -dump pdfsig writes the signatures and reports nothing else: a call of its own.
  await run(['-dump']);
  const blocks = stdout.split(/^Signature #\d+:$/m).slice(1);
  return Promise.all(
    blocks.map(async (block, i) => {
      const field = (name: string) => block.match(new RegExp(`^\\s+- ${name}: (.*)$`, 'm'))?.[1]?.trim();
      return {
        field: field('Signature Field Name') ?? '',
        signer: field('Signer Certificate Common Name') ?? '',
        subject: field('Signer full Distinguished Name') ?? '',
        signedAt: signingTime(field('Signing Time')),
        coversWholeFile: /^\s+- Total document signed$/m.test(block),
        integrity: integrity(field('Signature Validation')),
        cms: await readFile(path.join(dir, `input.pdf.sig${i}`)).catch(() => Buffer.alloc(0)),
      };
    }),
  );
}
