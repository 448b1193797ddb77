import { extractLayout } from '../worker/src/layout/extract-pdf';
const t = Date.now();
const layout = await extractLayout(process.argv[2], { images: true, figures: true, workDir: '/tmp/fp' });
console.log('ms', Date.now() - t, 'pages', layout.pages.length);
const p = Number(process.argv[3] ?? 0);
if (p) { const pg = layout.pages[p - 1]; console.log('runs', pg.runs.length, 'images', pg.images.map(i => [i.x|0, i.y|0, i.width|0, i.height|0, i.format, i.data.length]), 'rules', pg.rules.length);
for (const r of pg.runs.slice(0, Number(process.argv[4] ?? 30))) console.log(JSON.stringify(r)); }
