/**
 * Plain text as a flat OpenDocument text file (.fodt) that LibreOffice lays out: every line a
 * paragraph (long lines wrap at the margin), spaces and tabs kept, a form feed starts a new page,
 * and a line whose first strong character is Hebrew or Arabic runs right to left. Fonts are named
 * per script (Latin, CJK, complex) so every character gets a real glyph, not a box.
 */

/** First strong character of a line: right-to-left (Hebrew, Arabic, Syriac, Thaana, N'Ko...) or left-to-right. */
const STRONG = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]|[\p{L}]/u;
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;

export function isRightToLeft(line: string): boolean {
  const strong = STRONG.exec(line);
  return strong !== null && RTL.test(strong[0]);
}

/** Characters XML 1.0 cannot carry (controls other than tab/newline, lone surrogates, U+FFFE/FFFF). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One line as paragraph content: ODF collapses runs of spaces, so they become <text:s/>; tabs <text:tab/>. */
function lineContent(line: string): string {
  let out = '';
  for (const part of line.split(/(\t| {2,}|^ )/)) {
    if (part === '') continue;
    if (part === '\t') out += '<text:tab/>';
    else if (/^ +$/.test(part)) {
      // A single space inside a line stays as it is; a leading one or a run needs <text:s/>.
      const atStart = out === '';
      const n = atStart ? part.length : part.length - 1;
      out += (atStart ? '' : ' ') + (n > 1 ? `<text:s text:c="${n}"/>` : n === 1 ? '<text:s/>' : '');
    } else out += escapeXml(part);
  }
  return out;
}

const STYLES = `
  <office:font-face-decls>
    <style:font-face style:name="Liberation Mono" svg:font-family="'Liberation Mono'" style:font-family-generic="modern" style:font-pitch="fixed"/>
    <style:font-face style:name="Noto Sans Mono CJK SC" svg:font-family="'Noto Sans Mono CJK SC'" style:font-family-generic="modern" style:font-pitch="fixed"/>
    <style:font-face style:name="DejaVu Sans Mono" svg:font-family="'DejaVu Sans Mono'" style:font-family-generic="modern" style:font-pitch="fixed"/>
  </office:font-face-decls>
  <office:styles>
    <style:default-style style:family="paragraph">
      <style:paragraph-properties fo:margin-top="0cm" fo:margin-bottom="0cm" fo:line-height="115%"/>
      <style:text-properties style:font-name="Liberation Mono" fo:font-size="10pt" fo:language="en" fo:country="US"
        style:font-name-asian="Noto Sans Mono CJK SC" style:font-size-asian="10pt" style:language-asian="zh" style:country-asian="CN"
        style:font-name-complex="DejaVu Sans Mono" style:font-size-complex="10pt" style:language-complex="ar" style:country-complex="SA"/>
    </style:default-style>
  </office:styles>
  <office:automatic-styles>
    <style:page-layout style:name="Page">
      <style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" style:print-orientation="portrait"
        fo:margin-top="2cm" fo:margin-bottom="2cm" fo:margin-left="2cm" fo:margin-right="2cm"/>
    </style:page-layout>
    <style:style style:name="L" style:family="paragraph"><style:paragraph-properties style:writing-mode="lr-tb" fo:text-align="start"/></style:style>
    <style:style style:name="R" style:family="paragraph"><style:paragraph-properties style:writing-mode="rl-tb" fo:text-align="end"/></style:style>
    <style:style style:name="LB" style:family="paragraph"><style:paragraph-properties style:writing-mode="lr-tb" fo:text-align="start" fo:break-before="page"/></style:style>
    <style:style style:name="RB" style:family="paragraph"><style:paragraph-properties style:writing-mode="rl-tb" fo:text-align="end" fo:break-before="page"/></style:style>
  </office:automatic-styles>
  <office:master-styles>
    <style:master-page style:name="Standard" style:page-layout-name="Page"/>
  </office:master-styles>`;

export function textToFlatOdt(text: string): string {
  const pages = text.replace(NOT_XML, (c) => (c === '\f' ? '\f' : '')).replace(/\r\n?/g, '\n').split('\f');
  const paragraphs: string[] = [];
  pages.forEach((page, p) => {
    // A form feed usually ends a line: the newline right after it belongs to the break, not to a blank line.
    const lines = (p > 0 && page.startsWith('\n') ? page.slice(1) : page).split('\n');
    // The newline that ends a page's last line starts no new line.
    if (lines.length > 1 && lines.at(-1) === '') lines.pop();
    lines.forEach((line, i) => {
      const style = (isRightToLeft(line) ? 'R' : 'L') + (p > 0 && i === 0 ? 'B' : '');
      paragraphs.push(`<text:p text:style-name="${style}">${lineContent(line)}</text:p>`);
    });
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">${STYLES}
  <office:body><office:text>
${paragraphs.join('\n')}
  </office:text></office:body>
</office:document>
`;
}
