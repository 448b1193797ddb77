import { listImages } from '../worker/src/engines/poppler';
import { picturesOf } from '../worker/src/processors/pdf-to-jpg';
const l = await listImages(process.argv[2]);
console.log(l.slice(0, 4), picturesOf(l).length);
