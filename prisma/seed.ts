// Seeds what a fresh install needs. Idempotent: safe on every start.
import { prisma } from '../api/src/lib/db';

async function main() {
  // Products, blog articles and the rest arrive with the issues that use them.
  await prisma.$queryRaw`SELECT 1`;
}

main()
  .then(() => prisma.$disconnect())
  .catch(async (e) => {
    console.error(e);
    await prisma.$disconnect();
    process.exit(1);
  });
