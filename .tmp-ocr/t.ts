import { getTool } from '../shared/src/tools';
const j = getTool('pdf-to-jpg')!.options; const o = getTool('pdf-ocr')!.options;
console.log(j.parse({}), j.parse({ dpi: '200', outtype: 'bmp' }), j.safeParse({ dpi: 30 }).success, j.safeParse({ quality: 'x' }).success);
console.log(o.parse({}), o.parse({ language: 'eng+fra', outtype: 'txt', excelonesheet: 'true' }), o.safeParse({ language: 'eng+eng' }).success, o.safeParse({ language: 'xx' }).success, o.safeParse({ language: '' }).success);
