import { listImages } from '../worker/src/engines/poppler';
import { picturesOf } from '../worker/src/processors/pdf-to-jpg';
const l = await listImages(process.argv[2]);
const p = picturesOf(l);
console.log(l.length, p.length, p.slice(0, 3), l.filter((r) => r.type === 'smask').length);
