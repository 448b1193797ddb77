// Exits 0 when the database at DATABASE_URL has applied every migration in prisma/migrations, 1 when
// some are pending (or failed, or the database is new). `prisma migrate deploy` takes ~11 s here even
// with nothing to do, so a second `npm start` asks this first.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const dir = path.join(import.meta.dirname, 'migrations');
const wanted = fs.readdirSync(dir).filter((name) => fs.statSync(path.join(dir, name)).isDirectory());

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let applied = new Set<string>();
try {
  await client.connect();
  const { rows } = await client.query<{ migration_name: string }>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  applied = new Set(rows.map((r) => r.migration_name));
} catch {
  // No migrations table yet, or no database: everything is pending, and deploy will say why.
} finally {
  await client.end().catch(() => undefined);
}
process.exit(wanted.every((name) => applied.has(name)) ? 0 : 1);
