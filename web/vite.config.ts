import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Rollup } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** What every page runs before it is interactive, beside the client entry (React DOM): the root route and the layouts. */
const SHELL_ROOTS = /\/web\/app\/(root|layouts\/[\w-]+)\.tsx\?__react-router-build-client-route$/;

/** The modules statically reachable from the shell's roots (none in the server build, which has no client routes). */
function shellModules(meta: Rollup.ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of meta.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  for (const id of meta.getModuleIds()) if (SHELL_ROOTS.test(id)) visit(id);
  return seen;
}

/** Modules the browser imports lazily, such as a page's stylesheet, which the shell imports only for the server's render. */
function lazyModules(meta: Rollup.ManualChunkMeta): Set<string> {
  return new Set([...meta.getModuleIds()].flatMap((id) => meta.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
}

let shell: { meta: Rollup.ManualChunkMeta; ids: Set<string>; lazy: Set<string> } | undefined;

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rollupOptions: {
      output: {
        // Every page needs the shell, so it travels as one script rather than as two dozen small shared chunks
        // (a phone on slow 4G fetches six at a time); the rest is split by what each page imports, so no
        // page loads another's code (merging small chunks, as before, put the pricing and blog routes in the home page's).
        manualChunks(id, meta) {
          if (shell?.meta.getModuleInfo !== meta.getModuleInfo) shell = { meta, ids: shellModules(meta), lazy: lazyModules(meta) };
          if (!shell.ids.has(id)) return undefined;
          // A lazy one keeps a chunk of its own: left unnamed, the shell would take it in with the modules that import it.
          return shell.lazy.has(id) ? path.basename(id).replace(/[?.].*$/, '') : 'shell';
        },
      },
    },
  },
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  server: {
    // The app imports the tool registry and the copy from ../shared.
    fs: { allow: [repoRoot] },
    // `react-router dev` talks to a locally running API (npm run api).
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
