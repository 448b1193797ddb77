import fs from 'node:fs';
import { runTool } from '../tests/conformance/harness';
const r = await runTool(process.argv[2] as any, [process.argv[3]], JSON.parse(process.argv[4] ?? '{}'));
fs.copyFileSync(r.outputs[0].path, process.argv[5]);
console.log(r.outputs.map((o) => o.name), r.progress.length);
