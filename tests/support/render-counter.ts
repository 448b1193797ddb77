import type { BrowserContext, Page } from 'playwright-core';

/** A component that rendered in one React commit: its name (minified in the build) and whether it draws inside `within`. */
export interface RenderedComponent {
  name: string;
  inside: boolean;
}

/** One React commit: the components that rendered in it, and whether the watched element was on the page after it. */
export interface Commit {
  rendered: RenderedComponent[];
  watchedPresent: boolean;
}

declare global {
  interface Window {
    __sheafCommits?: Commit[];
    __sheafWithin?: string;
    __sheafWatch?: string;
  }
}

/**
 * Counts which function components render in each commit, the way React's DevTools do: React
 * (production builds too) reports every commit to a global DevTools hook, installed here before
 * the page's scripts. A subtree React skipped keeps its old child fibers; a component that ran has
 * the PerformedWork flag (1) on its new fiber.
 */
function installHook() {
  const FUNCTION_TAGS = new Set([0, 11, 14, 15]);
  const HOST_COMPONENT = 5;
  type Fiber = { tag: number; flags: number; type: unknown; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null; stateNode: unknown };
  const hostOf = (fiber: Fiber): Element | undefined => {
    let f: Fiber | null = fiber;
    while (f && f.tag !== HOST_COMPONENT) f = f.child;
    return f ? (f.stateNode as Element) : undefined;
  };
  window.__sheafCommits = [];
  const hook = {
    renderers: new Map(),
    supportsFiber: true,
    inject(renderer: unknown) {
      hook.renderers.set(1, renderer);
      return 1;
    },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const rendered: RenderedComponent[] = [];
      const visit = (first: Fiber | null) => {
        for (let f = first; f; f = f.sibling) {
          const before = f.alternate;
          if (FUNCTION_TAGS.has(f.tag) && (before === null || (f.flags & 1) === 1)) {
            const type = f.type as { name?: string; displayName?: string } | null;
            const host = hostOf(f);
            rendered.push({ name: type?.displayName ?? type?.name ?? '?', inside: !!(host && window.__sheafWithin && host.closest(window.__sheafWithin)) });
          }
          // The same child fibers as before: React skipped this subtree.
          if (!(before && f.child === before.child)) visit(f.child);
        }
      };
      visit(root.current.child);
      const watch = window.__sheafWatch;
      window.__sheafCommits!.push({ rendered, watchedPresent: !!(watch && document.querySelector(watch)) });
    },
  };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
}

/** Installs the counter in every page of the context, before React loads. */
export const countRenders = (context: BrowserContext) => context.addInitScript(installHook);

/**
 * Starts a new count; components whose first element lies inside `within` (a CSS selector) are told
 * apart, and each commit notes whether `watch` (a CSS selector) is still on the page after it.
 */
export const startCount = (page: Page, selectors: { within: string; watch: string }) =>
  page.evaluate(({ within, watch }) => {
    window.__sheafCommits = [];
    window.__sheafWithin = within;
    window.__sheafWatch = watch;
  }, selectors);

/** The React commits since `startCount`. */
const commitsSince = (page: Page) => page.evaluate(() => window.__sheafCommits ?? []);

/**
 * The commit that took the watched element away: the first after which it was gone. Another commit
 * in the same seconds (the page's own revalidation, on a loaded machine) is told apart by the DOM, not by time.
 */
export async function commitThatRemoved(page: Page): Promise<RenderedComponent[] | undefined> {
  return (await commitsSince(page)).find((commit) => !commit.watchedPresent)?.rendered;
}
