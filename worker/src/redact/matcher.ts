import type { RedactPattern } from '#shared/tools/redact-pdf';

/**
 * The ready patterns. Loose on purpose, as a redaction must rather take too much than too little:
 * the person sees every area on the result and can run again with fewer patterns.
 */
const PATTERNS: Record<RedactPattern, string> = {
  email: String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}`,
  // International or national numbers in groups separated by spaces, dots, dashes or brackets: 8 to 15 digits.
  phone: String.raw`(?<![\p{N}])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){2,5}(?![\p{N}])`,
  // Two letters, two check digits, then 11 to 30 letters or digits, in groups of four or not.
  iban: String.raw`\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?\b`,
  // 13 to 19 digits, in groups or not; checked with Luhn's rule below.
  card: String.raw`(?<![\p{N}])\d(?:[ -]?\d){12,18}(?![\p{N}])`,
  // 12/03/1984, 12.03.84, 1984-03-12, 12 March 1984, 12 mars 1984, March 12, 1984.
  date: String.raw`\b(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}(?:er)?\s+(?:jan|feb|f[ée]v|mar|apr|avr|may|mai|jun|juin|jul|juil|aug|ao[uû]|sep|oct|nov|dec|d[ée]c)\p{L}*\.?\s+\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+\d{1,2},?\s+\d{4})\b`,
};

/** Luhn's check, which every payment card number passes and most other long numbers fail. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export interface MatchOptions {
  terms: string;
  regex: boolean;
  patterns: readonly RedactPattern[];
}

/** Where a phrase to redact lies in a text: [start, end) in UTF-16 units. */
export interface Span {
  start: number;
  end: number;
}

/** Finds what is to be redacted in any text: page text, an annotation's contents, a title, metadata. */
export class Matcher {
  private readonly rules: Array<{ re: RegExp; accept?: (s: string) => boolean }> = [];

  constructor(options: MatchOptions) {
    for (const line of options.terms.split('\n')) {
      const term = line.trim();
      if (term === '') continue;
      // A plain term matches whole words ("Jane" not inside "Janet"), whatever white space separates them in the text.
      const words = term.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
      const source = options.regex ? term : `${/^[\p{L}\p{N}]/u.test(term) ? '(?<![\\p{L}\\p{N}])' : ''}${words}${/[\p{L}\p{N}]$/u.test(term) ? '(?![\\p{L}\\p{N}])' : ''}`;
      this.rules.push({ re: new RegExp(source, 'giu') });
    }
    for (const pattern of options.patterns) {
      this.rules.push({ re: new RegExp(PATTERNS[pattern], pattern === 'iban' ? 'gu' : 'giu'), accept: pattern === 'card' ? (s) => luhn(s.replace(/\D/g, '')) : undefined });
    }
  }

  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** Every match, merged where they overlap, in order. */
  spans(text: string): Span[] {
    const found: Span[] = [];
    for (const { re, accept } of this.rules) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) {
        if (m[0].length === 0 || (accept && !accept(m[0]))) continue;
        found.push({ start: m.index, end: m.index + m[0].length });
      }
    }
    found.sort((a, b) => a.start - b.start);
    const merged: Span[] = [];
    for (const s of found) {
      const last = merged.at(-1);
      if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
      else merged.push({ ...s });
    }
    return merged;
  }

  /** The text with every match taken out, or undefined when it held none. */
  scrub(text: string): string | undefined {
    const spans = this.spans(text);
    if (spans.length === 0) return undefined;
    let out = '';
    let at = 0;
    for (const s of spans) {
      out += text.slice(at, s.start);
      at = s.end;
    }
    return out + text.slice(at);
  }
}
