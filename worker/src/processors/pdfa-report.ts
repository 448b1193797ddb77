import { RESOURCES, type Lang } from '#shared/i18n';
import type { PreflightFinding, PreflightReport } from '../engines/preflight';
import type { PdfaFacts } from './pdfa-document';

type FindingKey = keyof (typeof RESOURCES)['en']['options']['pdfa']['findings'];

/**
 * The plain words of a Preflight code: the most precise entry the copy has ("3.1.3", else "3.1",
 * else "3"), keyed with underscores since the copy's keys are paths.
 */
export function findingKey(code: string): FindingKey {
  const findings = RESOURCES.en.options.pdfa.findings;
  for (let parts = code.split('.'); parts.length; parts = parts.slice(0, -1)) {
    const key = parts.join('_');
    if (key in findings) return key as FindingKey;
  }
  return 'unknown';
}

/** Findings grouped by their plain words, most frequent first, each with its codes, a count and Preflight's first words for it. */
function groupFindings(findings: readonly PreflightFinding[]): Array<{ key: FindingKey; codes: string[]; count: number; example: string }> {
  const groups = new Map<FindingKey, { key: FindingKey; codes: string[]; count: number; example: string }>();
  for (const f of findings) {
    const key = findingKey(f.code);
    const group = groups.get(key) ?? { key, codes: [], count: 0, example: f.details };
    if (!group.codes.includes(f.code)) group.codes.push(f.code);
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (whole, k: string) => String(values[k] ?? whole));
/** Preflight's own words are a reference for whoever fixes the file; one line is enough. */
const EXCERPT_CHARS = 160;
const excerpt = (s: string) => (s.length > EXCERPT_CHARS ? `${s.slice(0, EXCERPT_CHARS)}…` : s);

/**
 * The check's report, in the page's language: what the file claims, Preflight's PDF/A-1b verdict
 * with its findings in plain words, and the requirements of every part that Sheaf checks itself.
 * A file that needs a password has no PDF/A to read: the report says only that.
 */
export function pdfaReport(opts: { name: string; lang: Lang; locked: boolean; facts?: PdfaFacts; preflight?: PreflightReport }): string {
  const copy = RESOURCES[opts.lang].options.pdfa.report;
  const words = RESOURCES[opts.lang].options.pdfa.findings;
  const lines = [fill(copy.heading, { name: opts.name }), ''];
  if (opts.locked || !opts.facts || !opts.preflight) return [...lines, copy.locked, ''].join('\n');
  const { facts, preflight } = opts;
  const id = facts.identification;
  lines.push(id ? fill(copy.claims, { level: `${id.part}${id.conformance}`.toLowerCase() }) : copy.claimsNothing, '');

  lines.push(copy.preflightHeading);
  if (preflight.valid) lines.push(`  ${copy.valid}`);
  else {
    lines.push(`  ${fill(copy.invalid, { count: preflight.findings.length })}`);
    for (const group of groupFindings(preflight.findings)) {
      lines.push(`  - ${words[group.key]} ${fill(copy.codes, { codes: group.codes.join(', '), count: group.count })}`);
      if (group.example) lines.push(`    ${fill(copy.preflightSays, { details: excerpt(group.example) })}`);
    }
    if (id && id.part > 1) lines.push(`  ${copy.laterPart}`);
  }
  lines.push('', copy.basicsHeading);
  const mark = (ok: boolean, label: string, detail?: string) => `  ${ok ? '[ok]' : '[!!]'} ${label}${detail ? ` — ${detail}` : ''}`;
  lines.push(
    mark(id !== undefined, copy.basics.identification),
    mark(facts.outputIntent, copy.basics.outputIntent),
    mark(facts.unembeddedFonts.length === 0, copy.basics.fonts, facts.unembeddedFonts.length ? fill(copy.basics.fontsMissing, { fonts: [...new Set(facts.unembeddedFonts)].join(', ') }) : undefined),
    mark(!facts.encrypted, copy.basics.encryption),
    mark(!facts.javascript, copy.basics.javascript),
    '',
    copy.basicsNote,
    '',
  );
  return lines.join('\n');
}
