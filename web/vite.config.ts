import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Small shared chunks are merged into others: a phone on slow 4G opens six connections per host,
    // so 34 modulepreloaded scripts for the home page took six round trips where 12 take two.
    rollupOptions: { output: { experimentalMinChunkSize: 20_000 } },
  },
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  server: {
    // The app imports the tool registry and the copy from ../shared.
    fs: { allow: [repoRoot] },
    // `react-router dev` talks to a locally running API (npm run api).
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
