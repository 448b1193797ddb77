import appCss from '../styles/app.css?inline';
import contentCss from '../styles/content.css?inline';
import layoutCss from '../styles/layout.css?inline';

const STYLE_ID = 'sheaf-styles';

/**
 * The site's styles, inlined in the page's head: a first visit paints without waiting for
 * stylesheet requests (the main cost of first paint on a slow phone connection). The server has
 * them from the build; the browser takes them from the page it hydrates, so they are not in the
 * JavaScript too.
 */
const css = import.meta.env.SSR ? [appCss, layoutCss, contentCss].join('\n') : undefined;

export function InlineStyles() {
  const text = css ?? (typeof document === 'undefined' ? '' : (document.getElementById(STYLE_ID)?.textContent ?? ''));
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
