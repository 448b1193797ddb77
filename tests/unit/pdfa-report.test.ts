import { describe, expect, it } from 'vitest';
import { parsePreflightXml } from '../../worker/src/engines/preflight';
import { findingKey, pdfaReport } from '../../worker/src/processors/pdfa-report';

/** Preflight's XML as Validator_A1b writes it for a file with two font problems and a missing output intent. */
const XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<preflight name="minutes.pdf">
  <executionTimeMS>412</executionTimeMS>
  <isValid type="PDF/A1-b">false</isValid>
  <errors count="3">
    <error count="1"><code>3.1.3</code><details>FontFile entry is missing from FontDescriptor for Helvetica</details></error>
    <error count="1"><code>3.1.3</code><details>FontFile entry is missing from FontDescriptor for Courier &amp; co</details></error>
    <error count="1"><code>2.4.3</code><details>DestOutputProfile is missing</details><page>0</page></error>
  </errors>
</preflight>`;

const facts = { identification: undefined, outputIntent: false, unembeddedFonts: ['Helvetica', 'Courier'], encrypted: false, javascript: true, transparency: false };

describe('the PDF/A check report', () => {
  it("reads Preflight's verdict and findings, entities undone", () => {
    const report = parsePreflightXml(XML);
    expect(report.valid).toBe(false);
    expect(report.findings.map((f) => f.code)).toEqual(['3.1.3', '3.1.3', '2.4.3']);
    expect(report.findings[1].details).toBe('FontFile entry is missing from FontDescriptor for Courier & co');
    expect(parsePreflightXml(XML.replace('>false<', '>true<').replace(/<errors[\s\S]*<\/errors>/, '')).valid).toBe(true);
  });

  it('words each code by its most precise entry, else its family, else as unknown', () => {
    expect(findingKey('3.1.3')).toBe('3_1_3');
    expect(findingKey('3.1.9')).toBe('3_1');
    expect(findingKey('6.2.5')).toBe('6');
    expect(findingKey('-1')).toBe('unknown');
  });

  it('groups the findings in plain words, with their codes and counts, in the language asked', () => {
    const preflight = parsePreflightXml(XML);
    const en = pdfaReport({ name: 'minutes.pdf', lang: 'en', locked: false, facts, preflight });
    expect(en).toContain('Not valid as PDF/A-1b: 3 problems found.');
    expect(en).toContain('- A font is not embedded in the file, or its embedded program is invalid. (Preflight code 3.1.3; 2 times)');
    expect(en).toContain('[!!] Every font embedded — not embedded: Helvetica, Courier');
    expect(en).toContain('[!!] No JavaScript');
    const fr = pdfaReport({ name: 'minutes.pdf', lang: 'fr', locked: false, facts, preflight });
    expect(fr).toContain('Non valide en PDF/A-1b : 3 problèmes trouvés.');
    expect(fr).toContain('[ok] Aucun chiffrement');
    expect(pdfaReport({ name: 'locked.pdf', lang: 'en', locked: true })).toContain('needs a password to open');
  });
});
