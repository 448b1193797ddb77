import { use } from 'react';
import { useMatches } from 'react-router';
import appCss from '../styles/app.css?inline';
import contentCss from '../styles/content.css?inline';
import layoutCss from '../styles/layout.css?inline';
import editorCss from '../styles/editor.css?inline';
import paymentCss from '../styles/payment.css?inline';
import aiCss from '../styles/ai.css?inline';
import toolsCss from '../styles/tools.css?inline';
import accountCss from '../styles/account.css?inline';
import { useCspNonce } from './csp-nonce';

const STYLE_ID = 'sheaf-styles';

/** The stylesheets of some pages only, named in their route's `handle` (`{ sheets: ['editor'] }`), in cascade order. */
const PAGE_SHEETS = ['tools', 'editor', 'ai', 'account'] as const;
type PageSheet = (typeof PAGE_SHEETS)[number];
export interface SheetsHandle {
  sheets: PageSheet[];
}

/**
 * The site's styles, inlined in the page's head: a first visit paints without waiting for
 * stylesheet requests (the main cost of first paint on a slow phone connection). The server has
 * them from the build; the browser takes them from the page it hydrates, so they are not in the
 * JavaScript too. The tool, editor, AI and account pages' sheets come only with their pages.
 */
const css = import.meta.env.SSR
  ? { base: [appCss, layoutCss, contentCss, paymentCss].join('\n'), tools: toolsCss, editor: editorCss, ai: aiCss, account: accountCss }
  : undefined;

/** A page sheet the browser was not served (the visitor came by a link from another page): a script of its own. */
const SHEET_CHUNKS: Record<PageSheet, () => Promise<{ default: string }>> = {
  tools: () => import('../styles/tools.css?inline'),
  editor: () => import('../styles/editor.css?inline'),
  ai: () => import('../styles/ai.css?inline'),
  account: () => import('../styles/account.css?inline'),
};

/** The texts the browser has, by element id: read from the served page, or fetched for a page reached by a link. */
const texts = new Map<string, string | Promise<string>>();

function browserText(id: string, sheet: PageSheet | undefined): string {
  let text = texts.get(id);
  if (text === undefined) {
    const served = document.getElementById(id)?.textContent;
    text = served ?? (sheet ? SHEET_CHUNKS[sheet]().then((module) => module.default) : '');
    texts.set(id, text);
  }
  // A page reached by a link waits for its sheet (the navigation keeps the page before on screen meanwhile).
  return typeof text === 'string' ? text : use(text);
}

function Sheet({ id, sheet, nonce }: { id: string; sheet?: PageSheet; nonce: string | undefined }) {
  const text = css ? css[sheet ?? 'base'] : browserText(id, sheet);
  return <style id={id} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}

/** The elements carry the response's CSP nonce, so the policy needs no 'unsafe-inline' for styles. */
export function InlineStyles() {
  const matches = useMatches();
  const wanted = new Set(matches.flatMap((match) => (match.handle as Partial<SheetsHandle> | undefined)?.sheets ?? []));
  const served = typeof document === 'undefined' ? null : (document.getElementById(STYLE_ID) as HTMLStyleElement | null);
  // In the browser the nonce is read back from the served element (the DOM hides it from attributes).
  const nonce = useCspNonce() ?? (served?.nonce || undefined);
  return (
    <>
      <Sheet id={STYLE_ID} nonce={nonce} />
      {PAGE_SHEETS.filter((sheet) => wanted.has(sheet)).map((sheet) => (
        <Sheet key={sheet} id={`${STYLE_ID}-${sheet}`} sheet={sheet} nonce={nonce} />
      ))}
    </>
  );
}
