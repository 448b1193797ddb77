import os from 'node:os';
import path from 'node:path';
import { runEngine } from './run';

const JAVA = 'java';
/** Debian's PDFBox 2 (libpdfbox2-java) and what its Preflight needs on Java 17 (XMP, JAXB, activation, logging). */
const CLASSPATH = ['preflight', 'pdfbox2', 'fontbox2', 'xmpbox', 'commons-logging', 'javax.activation', 'jaxb-api']
  .map((jar) => `/usr/share/java/${jar}.jar`)
  .join(':');
const VALIDATOR = 'org.apache.pdfbox.preflight.Validator_A1b';
/**
 * The JVM's settings: a bounded heap (its default is a quarter of the machine), no display, and
 * PDFBox's font cache in one place every task shares: building it reads every system font (about
 * 20 s), which a fresh home directory would repeat on each run.
 */
const JVM = ['-Xmx512m', '-Djava.awt.headless=true', `-Dpdfbox.fontcache=${path.join(os.tmpdir(), 'sheaf-pdfbox')}`];
/** Preflight reads every page's content and fonts: about a second a page here. */
const TIMEOUT_MS = 1_500_000;

/** The boot probe: Java starts, Preflight's classes load and it reads an (empty) file. */
export const PREFLIGHT_PROBE = [JAVA, ...JVM, '-cp', CLASSPATH, VALIDATOR, 'xml', '/dev/null'] as const;

/** One problem Preflight found: its code in PDFBox's catalogue ("3.1.3") and its own words. */
export interface PreflightFinding {
  code: string;
  details: string;
}

export interface PreflightReport {
  valid: boolean;
  findings: PreflightFinding[];
}

/**
 * Validates a file against PDF/A-1b with Apache PDFBox Preflight (its XML report). Preflight
 * exits 0 whatever it finds, a file it cannot read included: the report says so with code 1.x.
 */
export async function validatePdfA1b(file: string, signal?: AbortSignal): Promise<PreflightReport> {
  const { stdout } = await runEngine(JAVA, [...JVM, '-cp', CLASSPATH, VALIDATOR, 'xml', path.resolve(file)], { timeoutMs: TIMEOUT_MS, signal });
  return parsePreflightXml(stdout);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const unescapeXml = (s: string) => s.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ENTITIES[e]).replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));

/** Preflight's XML report: `<isValid>` and one `<error>` per finding, each with its `<code>` and `<details>`. */
export function parsePreflightXml(xml: string): PreflightReport {
  const valid = /<isValid[^>]*>true<\/isValid>/.test(xml);
  const findings = [...xml.matchAll(/<error\b[^>]*>([\s\S]*?)<\/error>/g)].map(([, body]) => {
    const field = (name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(body)?.[1];
    return { code: field('code')?.trim() ?? '-1', details: unescapeXml(field('details') ?? '').trim() };
  });
  return { valid: valid && findings.length === 0, findings };
}
