// `npm start` runs this once the api answers: the operator reads what the server is doing.
import { loadEnv } from '#shared/env';
import { modeSummary } from '#shared/server/mode-summary';

const log = (message: string) => process.stdout.write(`\x1b[1;34m[sheaf]\x1b[0m ${message}\n`);

for (const line of modeSummary(loadEnv())) log(line);
