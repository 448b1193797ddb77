/**
 * The generated OpenAPI document as API clients' tools read it: Redocly's recommended rules, with
 * no error and no warning (a missing operationId gives generated clients made-up method names).
 * Run by the static checks (scripts/check-drift.sh), so a declaration that breaks it fails there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../api/src/openapi/document';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-openapi-'));
const file = path.join(dir, 'openapi.json');
fs.writeFileSync(file, JSON.stringify(openApiDocument()));
const run = spawnSync('npx', ['--no-install', 'redocly', 'lint', file, '--format=json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
fs.rmSync(dir, { recursive: true, force: true });
const report = JSON.parse(run.stdout || '{}') as { totals?: { errors: number; warnings: number }; problems?: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
if (!report.totals) {
  console.error(run.stderr);
  process.exit(1);
}
const { errors, warnings } = report.totals;
if (errors + warnings > 0) {
  for (const p of report.problems ?? []) console.error(`${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
  console.error(`The OpenAPI document: ${errors} errors, ${warnings} warnings under Redocly's recommended rules.`);
  process.exit(1);
}
console.log("The OpenAPI document: 0 errors, 0 warnings under Redocly's recommended rules.");
