import sharp from 'sharp';
// usage: montage out.png in1.png in2.png ... (horizontal row)
const [out, ...ins] = process.argv.slice(2);
const metas = await Promise.all(ins.map((f) => sharp(f).metadata()));
const h = Math.max(...metas.map((m) => m.height!));
let x = 0; const comps = [];
for (const [i, f] of ins.entries()) { comps.push({ input: f, left: x, top: 0 }); x += metas[i].width! + 6; }
await sharp({ create: { width: x, height: h, channels: 3, background: '#888' } }).composite(comps).png().toFile(out);
