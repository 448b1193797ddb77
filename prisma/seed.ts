// Seeds what a fresh install needs. Idempotent: safe on every start.
import { loadEnv } from '../shared/src/env';
import { createDb } from '../shared/src/server/db';

const db = createDb(loadEnv().DATABASE_URL, 1);

async function main() {
  // Products, blog articles and the rest arrive with the issues that use them.
  await db.$queryRaw`SELECT 1`;
}

main()
  .finally(() => db.$disconnect())
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
