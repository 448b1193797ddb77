import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import { loadEnv } from '../../../shared/src/env';

/** The one Prisma client of a process (api or worker), on the pg driver adapter. */
export const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: loadEnv().DATABASE_URL, max: 10 }) });
export type Db = typeof prisma;
