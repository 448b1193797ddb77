import { Transform } from 'node:stream';

const PRELOAD_LINK = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const HEAD_END = '</head>';
// React Router's <Scripts>: the inline module that imports the route modules and the client entry.
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;
const SCRIPT_END = '</script>';

/**
 * Starts the held scripts once the page has painted: in the task after its next frame
 * (requestAnimationFrame, then a timeout), or at once in a background tab, which paints nothing.
 */
function starter(preloads: string[]): string {
  const hrefs = JSON.stringify(preloads).replaceAll('<', '\\u003c');
  return `(() => {
  const nonce = document.currentScript.nonce;
  const start = () => {
    for (const href of ${hrefs}) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    const held = document.querySelector('script[data-held-module]');
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = held.textContent;
    document.head.append(script);
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start));
})();`;
}

/**
 * Holds the page's JavaScript until the server-rendered page has painted. The page needs none of
 * it to show: the 220–300 KB of compressed scripts it loads would otherwise share a slow phone connection
 * with the page itself and come before its largest paint. React Router's module preloads leave the
 * head, its inline module script is written inert (type text/plain), and a small script right
 * after it puts both back once the page is on screen; hydration follows as before (the price: on a
 * slow link the page turns interactive later, its scripts requested after the paint). The bytes are
 * read as latin1, which maps each byte to one character and back, so UTF-8 text split between
 * chunks passes through intact.
 */
export function deferredHydration(nonce: string | undefined): Transform {
  const preloads: string[] = [];
  const out = (text: string) => Buffer.from(text, 'latin1');
  let phase: 'head' | 'body' | 'script' | 'done' = 'head';
  // What has arrived but is not processed yet: the head until it ends, then an unfinished tag.
  let pending = '';

  const rewrite = (text: string): string => {
    let result = '';
    while (text) {
      if (phase === 'head') {
        const end = text.indexOf(HEAD_END);
        if (end < 0) return result + text;
        result += text.slice(0, end).replace(PRELOAD_LINK, (_tag, href: string) => {
          preloads.push(href);
          return '';
        });
        text = text.slice(end);
        phase = 'body';
      } else if (phase === 'body') {
        const match = MODULE_SCRIPT.exec(text);
        if (!match) return result + text;
        result += text.slice(0, match.index) + `<script${match[1]} type="text/plain" data-held-module="">`;
        text = text.slice(match.index + match[0].length);
        phase = 'script';
      } else if (phase === 'script') {
        const end = text.indexOf(SCRIPT_END);
        if (end < 0) return result + text;
        const close = end + SCRIPT_END.length;
        result += text.slice(0, close) + `<script${nonce ? ` nonce="${nonce}"` : ''}>${starter(preloads)}</script>`;
        text = text.slice(close);
        phase = 'done';
      } else {
        return result + text;
      }
    }
    return result;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (phase === 'done') return callback(null, chunk);
      const text = pending + chunk.toString('latin1');
      if (phase === 'head' && !text.includes(HEAD_END)) {
        pending = text;
        return callback();
      }
      // A tag cut off at the chunk's end waits for the rest.
      const lastOpen = text.lastIndexOf('<');
      const cut = lastOpen > text.lastIndexOf('>') ? lastOpen : text.length;
      pending = text.slice(cut);
      callback(null, out(rewrite(text.slice(0, cut))));
    },
    flush(callback) {
      callback(null, pending ? out(rewrite(pending)) : undefined);
    },
  });
}
