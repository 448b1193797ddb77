import { VIEWPORTS, type PAGE_FORMATS, type PAGE_MARGINS, type PAGE_MEDIA, type VIEWPORT_NAMES } from '#shared/tools/html-to-pdf';

/** CSS pixels per millimetre: Chromium prints 96 px to the inch. */
const PX_PER_MM = 96 / 25.4;
/** Named paper sizes, portrait, in millimetres. */
const PAPER_MM: Record<Exclude<(typeof PAGE_FORMATS)[number], 'fit'>, readonly [number, number]> = {
  A4: [210, 297],
  Letter: [215.9, 279.4],
  Legal: [215.9, 355.6],
  A3: [297, 420],
};
export const MARGIN_MM: Record<(typeof PAGE_MARGINS)[number], number> = { none: 0, small: 10, normal: 20 };
/** The print scales Chromium takes. */
const MIN_SCALE = 0.1;
const MAX_SCALE = 2;
/** The longest side of a page written: 200 in (14,400 pt), the largest page PDF readers such as Acrobat open. */
export const MAX_PAGE_SIDE_PX = 200 * 96;
/** Rounding room under one long page, so its last line does not start a second page. */
const ONE_PAGE_SLACK_PX = 2;

export interface LayoutChoice {
  viewport: (typeof VIEWPORT_NAMES)[number];
  format: (typeof PAGE_FORMATS)[number];
  margin: (typeof PAGE_MARGINS)[number];
  media: (typeof PAGE_MEDIA)[number];
  onePage: boolean;
}

/** What Chromium is asked to print: the paper in CSS pixels, the margin on each side and the scale. */
export interface PrintLayout {
  width: number;
  height: number;
  margin: number;
  scale: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const printableWidth = (format: keyof typeof PAPER_MM, marginMm: number) => (PAPER_MM[format][0] - 2 * marginMm) * PX_PER_MM;

/**
 * The browser window the page is laid out in. Chromium prints a page at the paper's width, so a
 * desktop layout would be squeezed into some 700 px (its sidebar beside a narrow article, its
 * media queries those of a tablet); with the page's screen styles it is laid out in the chosen
 * window and then scaled to the paper. The page's print styles are written for the paper: they
 * are laid out at the paper's width, unless the paper fits the page (`fit`).
 */
export function windowSize(choice: LayoutChoice): { width: number; height: number } {
  const view = VIEWPORTS[choice.viewport];
  if (choice.media === 'screen' || choice.format === 'fit') return view;
  return { width: Math.floor(printableWidth(choice.format, MARGIN_MM[choice.margin])), height: view.height };
}

/**
 * The paper and scale for a page whose content, laid out in `windowSize`, measures `content`
 * (CSS px): on a named paper, the layout's whole width fits between the margins; `fit` prints it
 * at its own size on pages one window tall; one long page is as tall as the content.
 */
export function printLayout(choice: LayoutChoice, content: { width: number; height: number }): PrintLayout {
  const view = windowSize(choice);
  const margin = MARGIN_MM[choice.margin] * PX_PER_MM;
  // A page may claim any width: past the largest page, the rest is cut rather than shrunk to nothing.
  const layoutWidth = Math.min(Math.max(view.width, content.width), MAX_PAGE_SIDE_PX);
  let width: number;
  let pageHeight: number;
  let scale = 1;
  if (choice.format === 'fit') {
    width = layoutWidth + 2 * margin;
    pageHeight = view.height + 2 * margin;
  } else {
    [width, pageHeight] = PAPER_MM[choice.format].map((mm) => mm * PX_PER_MM);
    scale = clamp(printableWidth(choice.format, MARGIN_MM[choice.margin]) / layoutWidth, MIN_SCALE, MAX_SCALE);
  }
  const height = choice.onePage ? Math.min(MAX_PAGE_SIDE_PX, Math.ceil(content.height * scale + 2 * margin) + ONE_PAGE_SLACK_PX) : pageHeight;
  return { width, height, margin, scale };
}

/**
 * Run in the page before printing with its screen styles. Chromium prints an element with
 * `position: fixed` on every page (a site's sidebar or header repeated down the whole document)
 * and one with `position: sticky` where it stuck; on screen, at the top of the page, the visitor
 * saw each once. Fixed elements become absolute, pinned where they were on screen and as wide;
 * sticky ones take their place in the flow. Returns how many elements were changed.
 */
export function unpinElements(): number {
  // Where the page opens: a link's #anchor may have scrolled it.
  window.scrollTo(0, 0);
  const pinned: Array<[HTMLElement, DOMRect]> = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
    const position = getComputedStyle(el).position;
    if (position === 'fixed') pinned.push([el, el.getBoundingClientRect()]);
    else if (position === 'sticky') el.style.setProperty('position', 'static', 'important');
  }
  for (const [el, rect] of pinned) {
    const style = el.style;
    style.setProperty('position', 'absolute', 'important');
    style.setProperty('right', 'auto', 'important');
    style.setProperty('bottom', 'auto', 'important');
    style.setProperty('top', `${rect.top}px`, 'important');
    style.setProperty('left', `${rect.left}px`, 'important');
    style.setProperty('width', `${rect.width}px`, 'important');
    // A full-height sidebar (top: 0; bottom: 0, or 100vh) keeps its screen height at least, and
    // grows to show all it holds instead of a page-tall or clipped box.
    style.setProperty('height', 'auto', 'important');
    style.setProperty('max-height', 'none', 'important');
    style.setProperty('min-height', `${rect.height}px`, 'important');
  }
  // An absolute element is placed from its nearest positioned ancestor, not the window: move each
  // by what it is off from where it was seen.
  for (const [el, rect] of pinned) {
    const now = el.getBoundingClientRect();
    el.style.setProperty('top', `${Number.parseFloat(el.style.top) + rect.top - now.top}px`, 'important');
    el.style.setProperty('left', `${Number.parseFloat(el.style.left) + rect.left - now.left}px`, 'important');
  }
  return pinned.length;
}
