/**
 * In the browser zod must not compile its object parsers with `new Function`: the
 * Content-Security-Policy allows no 'unsafe-eval', and even zod's probe for it is reported as a
 * violation. zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of it)
 * and reads `jitless` as each schema is built; root.tsx imports this first, so it is set before any
 * schema exists, without pulling zod into pages that have none. The server keeps compiled parsers.
 */
if (!import.meta.env.SSR) {
  const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
}

export {};
