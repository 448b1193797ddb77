// Writes tests/conformance/tool-seconds.json, the time each tool's conformance cases took, from the
// JSON report `npm test` leaves of its conformance tier: the shards (shardOf) balance on it.
//   npx tsx scripts/conformance-seconds.ts [.data/test-run/conformance-report.json]
import fs from 'node:fs';
import path from 'node:path';

interface Report {
  testResults: { name: string; assertionResults: { ancestorTitles: string[]; status: string; duration?: number | null }[] }[];
}

const ROOT = path.resolve(import.meta.dirname, '..');
const report = process.argv[2] ?? path.join(ROOT, '.data/test-run/conformance-report.json');
const out = path.join(ROOT, 'tests/conformance/tool-seconds.json');

const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8')) as Report;
const seconds: Record<string, number> = {};
for (const file of testResults.filter((f) => /\/tools(-\d+)?\.test\.ts$/.test(f.name))) {
  // A tool's cases sit under a describe named by its id (describe.each in tool-suite.ts).
  // Only the cases that ran: a filtered run leaves the others skipped, at no time.
  for (const test of file.assertionResults.filter((t) => t.status === 'passed' || t.status === 'failed')) {
    // describe.each quotes the id it names the block by ('merge-pdf').
    const tool = test.ancestorTitles[0]?.replace(/^'(.*)'$/, '$1');
    if (tool) seconds[tool] = (seconds[tool] ?? 0) + (test.duration ?? 0) / 1000;
  }
}
if (Object.keys(seconds).length === 0) throw new Error(`${report} holds no tool cases`);
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)).map(([tool, s]) => [tool, Math.round(s * 10) / 10]));
fs.writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} tools, ${Math.round(Object.values(sorted).reduce((a, b) => a + b, 0))} s in all → ${path.relative(ROOT, out)}`);
