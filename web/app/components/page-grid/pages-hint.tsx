/** How to use a page grid: what to click, then the keys (hidden on touch screens). */
export function PagesHint({ id, help, keys }: { id: string; help: string; keys: string }) {
  return (
    <p id={id} className="pages-hint">
      {help} <span className="pages-hint__keys">{keys}</span>
    </p>
  );
}
