import { describe, expect, it } from 'vitest';
import { REDACT_PATTERNS } from '#shared/tools/redact-pdf';
import { Matcher } from '../../worker/src/redact/matcher';

const found = (matcher: Matcher, text: string) => matcher.spans(text).map((s) => text.slice(s.start, s.end));
const only = (pattern: (typeof REDACT_PATTERNS)[number]) => new Matcher({ terms: '', regex: false, patterns: [pattern] });

describe('the redaction matcher', () => {
  it('finds a phrase as whole words, whatever its capitals and the spaces or line break between its words, and takes it out of a string', () => {
    const m = new Matcher({ terms: 'Jane Secret\n\n  ', regex: false, patterns: [] });
    expect(found(m, 'To JANE  secret and jane\nSecret, not Jane Secrets nor MaryJane Secret.')).toEqual(['JANE  secret', 'jane\nSecret']);
    expect(m.scrub('Letter about Jane Secret (draft)')).toBe('Letter about  (draft)');
    expect(m.scrub('nothing here')).toBeUndefined();
  });

  it('reads each line as a regular expression when asked, and a plain line literally otherwise', () => {
    expect(found(new Matcher({ terms: String.raw`\d{3}-\d{4}`, regex: true, patterns: [] }), 'call 555-1234 or 5551234')).toEqual(['555-1234']);
    expect(found(new Matcher({ terms: 'a.c', regex: false, patterns: [] }), 'abc a.c')).toEqual(['a.c']);
  });

  it('finds each ready pattern in its usual forms, and a card number only when it passes the Luhn check', () => {
    expect(found(only('email'), 'write to jane.secret@example.com, or j_s+x@mail.example.fr.')).toEqual(['jane.secret@example.com', 'j_s+x@mail.example.fr']);
    expect(found(only('phone'), 'phone +33 6 12 34 56 78, office (020) 7946 0958, fax 01.23.45.67.89; room 12')).toEqual(['+33 6 12 34 56 78', '(020) 7946 0958', '01.23.45.67.89']);
    expect(found(only('iban'), 'to FR76 3000 6000 0112 3456 7890 189 or DE89370400440532013000.')).toEqual(['FR76 3000 6000 0112 3456 7890 189', 'DE89370400440532013000']);
    expect(found(only('card'), 'card 4111 1111 1111 1111, not 4111 1111 1111 1112, and 5500-0000-0000-0004')).toEqual(['4111 1111 1111 1111', '5500-0000-0000-0004']);
    expect(found(only('date'), 'born 12/03/1984, on 1984-03-12, 12 March 1984, le 1er mars 1984, March 12, 1984; page 12')).toEqual([
      '12/03/1984',
      '1984-03-12',
      '12 March 1984',
      '1er mars 1984',
      'March 12, 1984',
    ]);
  });

  it('merges overlapping matches of several rules into one', () => {
    const m = new Matcher({ terms: 'Secret', regex: false, patterns: ['email'] });
    expect(found(m, 'jane.secret@example.com')).toEqual(['jane.secret@example.com']);
  });
});
