/**
 * A PDF font's PostScript name ("ABCDEF+TimesNewRomanPS-BoldMT", "NimbusRomNo9L-Medi") to the
 * family an office suite has or substitutes well ("Times New Roman"). Weight and slant are set
 * on the run, so they are dropped from the name.
 */
const KNOWN: Array<[RegExp, string]> = [
  [/^(times|nimbusrom|tinos|liberationserif|cmr\d|cmbx|cmti|cmsl|lmroman|ptm|utm|stix|nimbus roman)/i, 'Times New Roman'],
  [/^(arial|helvetica|nimbussan|liberationsans|arimo|phv|uhv)/i, 'Arial'],
  [/^(couriernew|courier|nimbusmon|liberationmono|cousine|cmtt|lmmono|pcr)/i, 'Courier New'],
  [/^(cmss|lmsans)/i, 'Arial'],
  [/^(cmmi|cmsy|cmex|msbm|msam)/i, 'Cambria Math'],
  [/^calibri/i, 'Calibri'],
  [/^cambria/i, 'Cambria'],
  [/^georgia/i, 'Georgia'],
  [/^verdana/i, 'Verdana'],
  [/^tahoma/i, 'Tahoma'],
  [/^trebuchet/i, 'Trebuchet MS'],
  [/^garamond|^ebgaramond/i, 'Garamond'],
  [/^bookantiqua|^palatino|^urwpalladio|^texgyrepagella/i, 'Palatino Linotype'],
  [/^centurygothic/i, 'Century Gothic'],
  [/^segoeui/i, 'Segoe UI'],
  [/^dejavusans/i, 'DejaVu Sans'],
  [/^dejavuserif/i, 'DejaVu Serif'],
  [/^opensans/i, 'Open Sans'],
  [/^roboto/i, 'Roboto'],
  [/^symbol/i, 'Symbol'],
  [/^wingdings/i, 'Wingdings'],
  [/^(simsun|songti|stsong|hyshusong|fzshusong)/i, 'SimSun'],
  [/^(simhei|heiti|stheiti)/i, 'SimHei'],
  [/^(msmincho|hiramin|ryumin|kozmin)/i, 'MS Mincho'],
  [/^(msgothic|hirakaku|kozgo|meiryo)/i, 'MS Gothic'],
];

const STYLE_SUFFIX = /[-,]?(bold|black|heavy|semibold|demibold|medium|medi|light|regular|regu|roman|book|italic|ital|oblique|it|bd|bi|mt|ps|psmt)+$/i;

/** What stands in for a font nobody has, by its kind: faces whose widths office suites match. */
const STAND_IN = { serif: 'Times New Roman', 'sans-serif': 'Arial', monospace: 'Courier New' } as const;

/**
 * The office font for a PDF font. A font outside the known ones keeps its own family name, unless
 * its kind is known (`generic`): then a standard face of that kind stands in, since a missing font
 * would be replaced by whatever the office suite picks, lines would run longer and pages spill over.
 */
export function officeFont(pdfName: string | undefined, generic?: keyof typeof STAND_IN): string | undefined {
  if (!pdfName) return generic && STAND_IN[generic];
  const name = pdfName.replace(/^[A-Z]{6}\+/, '');
  for (const [pattern, family] of KNOWN) if (pattern.test(name.replace(/[\s_-]/g, ''))) return family;
  if (generic) return STAND_IN[generic];
  let family = name.split(/[-,]/)[0];
  for (let prev = ''; prev !== family; ) {
    prev = family;
    family = family.replace(STYLE_SUFFIX, '');
  }
  if (!family) return undefined;
  // "GillSans" → "Gill Sans"; leave names with runs of capitals ("HYShuSongErKW") alone.
  return /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(family) ? family.replace(/([a-z])([A-Z])/g, '$1 $2') : family;
}
