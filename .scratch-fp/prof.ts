import fs from 'node:fs';
const file = fs.readdirSync('/tmp/fp/prof').map(f => '/tmp/fp/prof/' + f).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const self = new Map<string, number>();
const dt = prof.timeDeltas; const byId = new Map(prof.nodes.map((n: any) => [n.id, n]));
const counts = new Map<number, number>();
for (let i = 0; i < prof.samples.length; i++) counts.set(prof.samples[i], (counts.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
for (const [id, t] of counts) { const n: any = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t); }
for (const [k, t] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((t / 1000).toFixed(0).padStart(7), k);
