import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Rollup } from 'vite';
import { endpointRoutes } from '../shared/src/endpoints';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** What every page runs before it is interactive, beside the client entry (React DOM): the root route and the layouts. */
const SHELL_ROOTS = /\/web\/app\/(root|layouts\/[\w-]+)\.tsx\?__react-router-build-client-route$/;
/**
 * Kinds of page whose own code travels as one script: what `page` runs beyond the shell, which the other
 * routes of its `kind` run too (the tool flow; the AI assistant's document list and upload).
 */
const PAGE_KITS = [
  { chunk: 'tool-flow', page: 'tool', kind: ['tool', 'tool-with-options', 'app-tool'] },
  { chunk: 'ai-pages', page: 'ai-pdf', kind: ['ai-pdf', 'ai-chat'] },
];
const ROUTE = /\/web\/app\/routes\/(.+)\.tsx\?__react-router-build-client-route$/;
const routeName = (id: string) => ROUTE.exec(id)?.[1];

/** The modules statically reachable from the modules that `roots` matches. */
function reachable(meta: Rollup.ManualChunkMeta, roots: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of meta.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  for (const id of meta.getModuleIds()) if (roots(id)) visit(id);
  return seen;
}

/** Modules the browser imports lazily, such as a page's stylesheet, which the shell imports only for the server's render. */
function lazyModules(meta: Rollup.ManualChunkMeta): Set<string> {
  return new Set([...meta.getModuleIds()].flatMap((id) => meta.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
}

/**
 * The chunk of each module that is not left to Rollup: the libraries the shell runs (React Router,
 * i18next), the shell itself (the root, the layouts, and what pages of different kinds share, such as
 * the page frame, the drop zone and the FAQ), and each kind of page's own code. None in the server
 * build, which has no client routes.
 */
function plannedChunks(meta: Rollup.ManualChunkMeta): Map<string, string> {
  const planned = new Map<string, string>();
  const lazy = lazyModules(meta);
  const shell = reachable(meta, (id) => SHELL_ROOTS.test(id));
  for (const { chunk, page, kind } of PAGE_KITS) {
    const own = reachable(meta, (id) => routeName(id) === page);
    const elsewhere = reachable(meta, (id) => routeName(id) !== undefined && !kind.includes(routeName(id)!));
    for (const id of own) {
      if (shell.has(id) || planned.has(id) || routeName(id) !== undefined || lazy.has(id)) continue;
      planned.set(id, elsewhere.has(id) ? 'shell' : chunk);
    }
  }
  // A lazy one keeps a chunk of its own: left unnamed, the shell would take it in with the modules that import it.
  for (const id of shell)
    planned.set(id, lazy.has(id) ? path.basename(id).replace(/[?.].*$/, '') : id.includes('/node_modules/') ? 'libraries' : 'shell');
  return planned;
}

let plan: { meta: Rollup.ManualChunkMeta; chunks: Map<string, string> } | undefined;

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rollupOptions: {
      output: {
        // A phone on slow 4G fetches six scripts at a time, each over a connection that starts slow. So every
        // page's shell travels as two scripts (its libraries, and our code), which download side by side with
        // React DOM's, rather than as one large one or as two dozen small shared chunks; a tool page's
        // own code is one more. The rest is split by what each page imports, so no page loads another's code
        // (merging small chunks by size, as before, put the pricing and blog routes in the home page's).
        manualChunks(id, meta) {
          if (plan?.meta.getModuleInfo !== meta.getModuleInfo) plan = { meta, chunks: plannedChunks(meta) };
          return plan.chunks.get(id);
        },
      },
    },
  },
  // The web's client addresses endpoints by their declarations' method and path, not by the declarations themselves (their schemas stay out of the bundle).
  define: { __ENDPOINT_ROUTES__: JSON.stringify(endpointRoutes()) },
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  server: {
    // The app imports the tool registry and the copy from ../shared.
    fs: { allow: [repoRoot] },
    // `react-router dev` talks to a locally running API (npm run api).
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
