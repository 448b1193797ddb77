import { ocrBench } from '../bench/ocr';
console.log(await ocrBench());
