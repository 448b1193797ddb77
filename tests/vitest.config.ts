import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { endpointRoutes } from '../shared/src/endpoints';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Integration files that mostly wait (on killed workers, on `npm start`) and bring their own servers
 * or stack: scripts/test.sh runs them beside the other integration files, on a database and a
 * DATA_DIR of their own. findability and ai-translate only start a stack of their own: they are here so the two
 * lanes take about as long (CI measured the integration lane 5 minutes longer without them).
 */
const APART = [
  'worker-kills',
  'server-outages',
  'hosts-apart',
  'start-supervision',
  'instance-ports',
  'billing-cli',
  'cli',
  'task-handoff',
  'findability',
  'ai-translate',
].map((name) => `tests/integration/${name}.test.ts`);

// Tiers: unit (no services), integration and conformance (real PostgreSQL, Redis, engines), e2e (Chromium).
export default defineConfig({
  root,
  // What web/vite.config.ts embeds in the web app, for unit tests of its client.
  define: { __ENDPOINT_ROUTES__: JSON.stringify(endpointRoutes()) },
  resolve: {
    alias: [
      // The web app's own import alias, for unit tests of its option modules.
      { find: '~', replacement: path.join(root, 'web/app') },
    ],
  },
  test: {
    // The web build is loaded by Node, as in production, not through vitest's transform: then it and
    // the request handler share Node's one react-router, whose RouterContextProvider the build returns.
    server: { deps: { external: [/\/web\/build\//] } },
    projects: [
      // Some unit tests start a process (python3, qpdf): beside the integration tier on two cores, vitest's 5 s is not enough.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 20_000 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: APART,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      { extends: true, test: { name: 'integration-apart', include: APART, testTimeout: 60_000, hookTimeout: 60_000, fileParallelism: false } },
      {
        extends: true,
        // Two files at once even on two cores: much of a conversion is spent waiting on an engine's process.
        test: { name: 'conformance', include: ['tests/conformance/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 60_000, maxWorkers: 2 },
      },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false } },
    ],
  },
});
