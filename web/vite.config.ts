import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  server: {
    // The app imports the tool registry and the copy from ../shared.
    fs: { allow: [repoRoot] },
    // `react-router dev` talks to a locally running API (npm run api).
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
