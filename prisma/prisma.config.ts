// Prisma's native schema engine cannot be downloaded here (only the npm registry is reachable),
// so migrations run on the JavaScript schema engine through the pg driver adapter.
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { defineConfig } from 'prisma/config';

// Workaround for prisma/orm#27403: the schema engine reads catalog columns of PostgreSQL's `name`
// type, which @prisma/adapter-pg 6.19 cannot map. `name` is text on the wire, so report it as text.
const TEXT_FOR = new Map([[19, 25], [1003, 1009]]);
const asText = (res: pg.QueryResult | undefined) => {
  for (const f of res?.fields ?? []) f.dataTypeID = TEXT_FOR.get(f.dataTypeID) ?? f.dataTypeID;
  return res;
};
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]) {
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (err: Error | null, res: pg.QueryResult) => callback(err, asText(res));
  }
  const result = query.apply(this, args);
  return result instanceof Promise ? result.then(asText) : result;
} as typeof pg.Client.prototype.query;

export default defineConfig({
  experimental: { adapter: true },
  schema: path.join(import.meta.dirname, 'schema.prisma'),
  migrations: { path: path.join(import.meta.dirname, 'migrations') },
  engine: 'js',
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL }),
});
