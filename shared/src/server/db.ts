import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';

export type Db = PrismaClient;

/** A Prisma client on the pg driver adapter (no native query engine to download). */
export function createDb(url: string, max = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max }) });
}
