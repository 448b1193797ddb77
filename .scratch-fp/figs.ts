import { extractLayout } from '../worker/src/layout/extract-pdf';
const layout = await extractLayout(process.argv[2], { images: false, figures: true, workDir: '/tmp/fp' });
layout.pages.forEach((p, i) => console.log(i + 1, p.images.map(im => `${im.x|0},${im.y|0} ${im.width|0}x${im.height|0}`).join(' | ')));
