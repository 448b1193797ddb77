import appCss from '../styles/app.css?inline';
import contentCss from '../styles/content.css?inline';
import layoutCss from '../styles/layout.css?inline';
import editorCss from '../styles/editor.css?inline';
import paymentCss from '../styles/payment.css?inline';
import aiCss from '../styles/ai.css?inline';
import { useCspNonce } from './csp-nonce';

const STYLE_ID = 'sheaf-styles';

/**
 * The site's styles, inlined in the page's head: a first visit paints without waiting for
 * stylesheet requests (the main cost of first paint on a slow phone connection). The server has
 * them from the build; the browser takes them from the page it hydrates, so they are not in the
 * JavaScript too.
 */
const css = import.meta.env.SSR ? [appCss, layoutCss, contentCss, paymentCss, editorCss, aiCss].join('\n') : undefined;

/** The element carries the response's CSP nonce, so the policy needs no 'unsafe-inline' for styles. */
export function InlineStyles() {
  const served = typeof document === 'undefined' ? null : (document.getElementById(STYLE_ID) as HTMLStyleElement | null);
  const text = css ?? served?.textContent ?? '';
  // In the browser the nonce is read back from the served element (the DOM hides it from attributes).
  const nonce = useCspNonce() ?? (served?.nonce || undefined);
  return <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
