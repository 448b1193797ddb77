import { describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors';
import { RESOURCES } from '#shared/i18n';
import { getTool } from '#shared/tools';
import dwgToJpgTool from '#shared/tools/dwg-to-jpg';
import ebooksTool from '#shared/tools/ebooks-to-pdf';
import gifTool from '#shared/tools/gif-to-pdf';
import htmlTool from '#shared/tools/html-to-pdf';
import jpgTool from '#shared/tools/jpg-to-pdf';
import ocrTool from '#shared/tools/pdf-ocr';
import pdfToJpgTool from '#shared/tools/pdf-to-jpg';
import type { FileItem } from '../../web/app/components/tool-flow/flow-state';
import { CAD_DPI_PRESETS, dwgToJpgOptions, dwgToPdfOptions } from '../../web/app/components/tool-flow/options-cad';
import { ebooksOptions } from '../../web/app/components/tool-flow/options-ebooks';
import { gifToPdfOptions, jpgToPdfOptions, type ImagesOptions } from '../../web/app/components/tool-flow/options-images';
import { ocrOptions, toggleLanguage } from '../../web/app/components/tool-flow/options-ocr';
import { JPG_DPI_PRESETS, pdfToJpgOptions } from '../../web/app/components/tool-flow/options-pdf-to-jpg';
import { initialOptions, type OptionsOutcome } from '../../web/app/components/tool-flow/options-types';
import { urlOptions, urlProblem, widthApplies } from '../../web/app/components/tool-flow/options-url';
import { fileGroup } from '../../web/app/lib/accept';
import { coverSize, hasPreview } from '../../web/app/lib/file-preview';

const file = (name: string, patch: Partial<FileItem> = {}): FileItem => ({
  uid: name,
  name,
  size: 1000,
  raw: {} as File,
  objectURL: `blob:${name}`,
  status: 'ready',
  progress: 0,
  fileNameToken: `tok-${name}`,
  ...patch,
});

const fieldsOf = (outcome: OptionsOutcome) => {
  if (!outcome.ok) throw new Error(`not ok: ${JSON.stringify(outcome)}`);
  return outcome.fields;
};

describe('image to PDF options', () => {
  const photos = [file('a.jpg'), file('b.png'), file('c.jpg')];
  const custom: ImagesOptions = { ...jpgToPdfOptions.initial, merge: false, resize: 'custom', width: '600', height: ' 800 ' };

  it('starts from the declared defaults: one PDF, original size, first frame (all frames for GIF to PDF), page as large as the image', () => {
    expect(jpgToPdfOptions.initial).toEqual({ merge: true, resize: 'original', width: '', height: '', frames: 'first', pagesize: 'image', margin: 'none' });
    expect(gifToPdfOptions.initial.frames).toBe('all');
  });

  it('sends separate PDFs with a custom size as numbers', () => {
    const fields = fieldsOf(jpgToPdfOptions.toRequest(custom, photos));
    expect(fields).toEqual({ merge: false, resize: 'custom', width: 600, height: 800 });
    expect(jpgTool.options.safeParse(fields).success).toBe(true);
  });

  it('waits for a custom size within 1 to 10,000 pixels', () => {
    for (const [width, height] of [['', '800'], ['0', '800'], ['600', '10001'], ['6.5', '800'], ['abc', '1']]) {
      expect(jpgToPdfOptions.toRequest({ ...custom, width, height }, photos)).toEqual({ ok: false, hint: 'options.images.hintSize' });
    }
  });

  it('sends the presets as they are declared, without a size', () => {
    for (const resize of ['original', '1024', '480', '295x413', '413x579'] as const) {
      const fields = fieldsOf(jpgToPdfOptions.toRequest({ ...jpgToPdfOptions.initial, resize, width: '5' }, photos));
      expect(fields).toEqual({ merge: true, resize });
      expect(jpgTool.options.safeParse(fields).success, resize).toBe(true);
    }
  });

  it('sends a paper size with its margin, and no margin for pages the size of their image', () => {
    const onPaper = fieldsOf(jpgToPdfOptions.toRequest({ ...jpgToPdfOptions.initial, pagesize: 'letter', margin: 'big' }, photos));
    expect(onPaper).toEqual({ merge: true, resize: 'original', pagesize: 'letter', margin: 'big' });
    expect(jpgTool.options.safeParse(onPaper).success).toBe(true);
    expect(fieldsOf(jpgToPdfOptions.toRequest({ ...jpgToPdfOptions.initial, margin: 'big' }, photos))).toEqual({ merge: true, resize: 'original' });
  });

  it('leaves out the merge choice for a single image', () => {
    expect(fieldsOf(jpgToPdfOptions.toRequest(jpgToPdfOptions.initial, [file('a.jpg')]))).toEqual({ resize: 'original' });
  });

  it('asks about frames only when an image may be animated, and always on GIF to PDF', () => {
    expect(fieldsOf(jpgToPdfOptions.toRequest(jpgToPdfOptions.initial, photos))).not.toHaveProperty('frames');
    expect(fieldsOf(jpgToPdfOptions.toRequest(jpgToPdfOptions.initial, [...photos, file('d.GIF')]))).toMatchObject({ frames: 'first' });
    expect(fieldsOf(jpgToPdfOptions.toRequest(jpgToPdfOptions.initial, [file('e.webp')]))).toMatchObject({ frames: 'first' });
    const gif = fieldsOf(gifToPdfOptions.toRequest(gifToPdfOptions.initial, [file('a.gif')]));
    expect(gif).toEqual({ resize: 'original', frames: 'all' });
    expect(gifTool.options.safeParse(gif).success).toBe(true);
  });
});

describe('HTML to PDF address', () => {
  it("answers the spec's two messages: empty, then not a full http(s) URL", () => {
    expect(urlProblem('')).toBe('URL_EMPTY');
    expect(urlProblem('   ')).toBe('URL_EMPTY');
    for (const bad of ['example.com', 'www.example.com/page', 'ftp://example.com/file', 'javascript:alert(1)', 'http://', 'https:example.com', `https://example.com/${'a'.repeat(2100)}`]) {
      expect(urlProblem(bad), bad).toBe('URL_INVALID');
    }
    for (const good of ['https://example.com', 'http://127.0.0.1:8080/page?x=1#top', ' HTTPS://Example.com/a b ']) expect(urlProblem(good), good).toBeNull();
  });

  it('shows the catalogue copy for them, in English and French', () => {
    expect(RESOURCES.en.errors.URL_EMPTY).toBe('Please fill out URL input field');
    expect(RESOURCES.en.errors.URL_INVALID).toBe('Please provide a valid URL');
    expect(ERRORS.URL_EMPTY.message).toBe(RESOURCES.en.errors.URL_EMPTY);
    expect(RESOURCES.fr.errors.URL_EMPTY).toBeTruthy();
    expect(RESOURCES.fr.errors.URL_INVALID).toBeTruthy();
  });

  it('hands the problem to the form, or sends the trimmed address with the layout and paper settings', () => {
    expect(urlOptions.toRequest({ ...urlOptions.initial, url: '' }, [])).toEqual({ ok: false, hint: null, error: { code: 'URL_EMPTY' } });
    expect(urlOptions.toRequest({ ...urlOptions.initial, url: 'example.com' }, [])).toEqual({ ok: false, hint: null, error: { code: 'URL_INVALID' } });
    const chosen = { viewport: 'phone', format: 'Legal', margin: 'none', media: 'print', onePage: true, background: false } as const;
    const fields = fieldsOf(urlOptions.toRequest({ url: ' https://example.com/a ', ...chosen }, []));
    expect(fields).toEqual({ url: 'https://example.com/a', ...chosen });
    expect(htmlTool.options.parse(fields)).toEqual(fields);
  });

  it('starts from the declared defaults (a desktop layout as on screen, on A4) and sends the server\'s refusals back to the form', () => {
    expect(urlOptions.initial).toEqual({ url: '', viewport: 'desktop', format: 'A4', margin: 'small', media: 'screen', onePage: false, background: true });
    expect(urlOptions.recoverable).toEqual(['URL_EMPTY', 'URL_INVALID', 'URL_BLOCKED', 'URL_NOT_FOUND']);
  });

  it('lets the layout width apply to screen styles, and to print styles only on paper fitted to the page', () => {
    expect(widthApplies({ media: 'screen', format: 'A4' })).toBe(true);
    expect(widthApplies({ media: 'print', format: 'A4' })).toBe(false);
    expect(widthApplies({ media: 'print', format: 'fit' })).toBe(true);
  });
});

describe('PDF OCR options', () => {
  it('reads the language of the page by default: French on /fr, English elsewhere', () => {
    expect(initialOptions(ocrOptions, 'fr').languages).toEqual(['fra']);
    expect(initialOptions(ocrOptions, 'en').languages).toEqual(['eng']);
    expect(initialOptions(ocrOptions, 'en').outtype).toBe('pdf');
  });

  it("joins the languages with '+' in the order picked", () => {
    const fields = fieldsOf(ocrOptions.toRequest({ languages: ['fra', 'eng', 'chi_sim'], outtype: 'word', excelonesheet: true, redo: false }, [file('scan.pdf', { pages: 3 })]));
    expect(fields).toEqual({ language: 'fra+eng+chi_sim', outtype: 'word' });
    expect(ocrTool.options.safeParse(fields).success).toBe(true);
  });

  it('asks to read kept scans again only when chosen, and the kept-scans notice chooses it', () => {
    const value = initialOptions(ocrOptions, 'en');
    expect(value.redo).toBe(false);
    const again = ocrOptions.noticeActions!.OCR_KEPT_SCANS!.apply(value);
    const fields = fieldsOf(ocrOptions.toRequest(again, [file('scan.pdf', { pages: 3 })]));
    expect(fields).toEqual({ language: 'eng', outtype: 'pdf', redo: true });
    expect(ocrTool.options.parse(fields).redo).toBe(true);
  });

  it('adds or removes a language, never beyond three', () => {
    expect(toggleLanguage(['eng'], 'deu')).toEqual(['eng', 'deu']);
    expect(toggleLanguage(['eng', 'deu'], 'eng')).toEqual(['deu']);
    expect(toggleLanguage(['eng', 'deu', 'fra'], 'spa')).toEqual(['eng', 'deu', 'fra']);
  });

  it('sends the one-sheet choice with Excel only', () => {
    expect(fieldsOf(ocrOptions.toRequest({ languages: ['eng'], outtype: 'excel', excelonesheet: true, redo: false }, [file('a.png')]))).toEqual({
      language: 'eng',
      outtype: 'excel',
      excelonesheet: true,
    });
  });

  it('needs a language, and refuses a PDF beyond the page limit before uploading work', () => {
    expect(ocrOptions.toRequest({ languages: [], outtype: 'pdf', excelonesheet: false, redo: false }, [file('a.pdf')])).toEqual({ ok: false, hint: 'options.ocr.hintLanguage' });
    expect(ocrOptions.toRequest(ocrOptions.initial, [file('a.pdf', { pages: 101 })])).toEqual({ ok: false, hint: 'options.ocr.tooManyPages' });
    expect(ocrOptions.toRequest(ocrOptions.initial, [file('a.pdf', { pages: 100 })]).ok).toBe(true);
  });
});

describe('PDF to JPG options', () => {
  const doc = [file('a.pdf', { pages: 12 })];

  it('sends the resolution and quality of rendered pages', () => {
    const fields = fieldsOf(pdfToJpgOptions.toRequest(pdfToJpgOptions.initial, doc));
    expect(fields).toEqual({ mode: 'pages', outtype: 'keep', dpi: 150, quality: 'medium' });
    expect(pdfToJpgTool.options.safeParse(fields).success).toBe(true);
  });

  it('sends no resolution when extracting, and no quality for lossless formats', () => {
    expect(fieldsOf(pdfToJpgOptions.toRequest({ ...pdfToJpgOptions.initial, mode: 'images' }, doc))).toEqual({ mode: 'images', outtype: 'keep' });
    expect(fieldsOf(pdfToJpgOptions.toRequest({ ...pdfToJpgOptions.initial, mode: 'images', outtype: 'jpeg', quality: 'high' }, doc))).toEqual({
      mode: 'images',
      outtype: 'jpeg',
      quality: 'high',
    });
    expect(fieldsOf(pdfToJpgOptions.toRequest({ ...pdfToJpgOptions.initial, outtype: 'png', dpi: 300 }, doc))).toEqual({ mode: 'pages', outtype: 'png', dpi: 300 });
  });

  it('offers resolutions the tool accepts, and refuses more pages than it renders', () => {
    for (const dpi of JPG_DPI_PRESETS) expect(pdfToJpgTool.options.safeParse({ dpi }).success, String(dpi)).toBe(true);
    expect(pdfToJpgOptions.toRequest(pdfToJpgOptions.initial, [file('a.pdf', { pages: 501 })])).toEqual({ ok: false, hint: 'options.pdfToJpg.tooManyPages' });
  });
});

describe('eBook and CAD options', () => {
  it('sends the paper and page numbers of eBooks, whose order does not matter', () => {
    expect(ebooksOptions.initial).toEqual({ pagesize: 'a4', pagenumbers: false });
    const fields = fieldsOf(ebooksOptions.toRequest({ pagesize: 'letter', pagenumbers: true }, [file('a.epub'), file('b.mobi')]));
    expect(fields).toEqual({ pagesize: 'letter', pagenumbers: true });
    expect(ebooksTool.options.safeParse(fields).success).toBe(true);
    expect(ebooksOptions.unordered).toBe(true);
  });

  it('sends the paper of a drawing, how its colours print, and its resolution for a JPG', () => {
    expect(fieldsOf(dwgToPdfOptions.toRequest({ pagesize: 'a3', colors: 'mono', dpi: 300 }, [file('a.dwg')]))).toEqual({ pagesize: 'a3', colors: 'mono' });
    const fields = fieldsOf(dwgToJpgOptions.toRequest({ pagesize: 'letter', colors: 'drawing', dpi: 300 }, [file('a.dxf')]));
    expect(fields).toEqual({ pagesize: 'letter', colors: 'drawing', dpi: 300 });
    expect(dwgToJpgTool.options.safeParse(fields).success).toBe(true);
    // Plotted like a CAD program by default.
    expect([dwgToPdfOptions.initial.colors, dwgToJpgOptions.initial.colors]).toEqual(['plot', 'plot']);
    for (const dpi of CAD_DPI_PRESETS) expect(dwgToJpgTool.options.safeParse({ dpi }).success, String(dpi)).toBe(true);
    expect(CAD_DPI_PRESETS).toContain(dwgToJpgOptions.initial.dpi);
  });
});

describe('what the drop zone asks for, and the file covers', () => {
  it('names the kind of file each converter takes', () => {
    const group = (id: string) => fileGroup(getTool(id)!.accepts);
    expect(group('merge-pdf')).toBe('pdf');
    expect(group('word-to-pdf')).toBe('word');
    expect(group('excel-to-pdf')).toBe('excel');
    expect(group('ppt-to-pdf')).toBe('ppt');
    expect(group('txt-to-pdf')).toBe('text');
    expect(group('iwork-to-pdf')).toBe('iwork');
    expect(group('jpg-to-pdf')).toBe('image');
    expect(group('gif-to-pdf')).toBe('gif');
    expect(group('ebooks-to-pdf')).toBe('ebook');
    expect(group('dwg-to-jpg')).toBe('cad');
    expect(group('pdf-ocr')).toBe('scan');
  });

  it('has a drop-zone label for every group, in both languages', () => {
    for (const id of ['merge-pdf', 'word-to-pdf', 'jpg-to-pdf', 'pdf-ocr', 'dwg-to-pdf', 'ebooks-to-pdf', 'iwork-to-pdf', 'txt-to-pdf']) {
      const g = fileGroup(getTool(id)!.accepts);
      for (const lang of ['en', 'fr'] as const) expect(RESOURCES[lang].flow.dropzone.choose[g], `${lang} ${g}`).toBeTruthy();
    }
  });

  it('previews PDFs and the pictures a browser decodes, scaled to about 300 px wide', () => {
    expect(hasPreview({ name: 'scan.PDF' })).toBe(true);
    expect(hasPreview({ name: 'photo.jpeg' })).toBe(true);
    expect(hasPreview({ name: 'anim.gif' })).toBe(true);
    expect(hasPreview({ name: 'page.tiff' })).toBe(false);
    expect(hasPreview({ name: 'report.docx' })).toBe(false);
    expect(coverSize(3000, 2000)).toEqual({ width: 300, height: 200 });
    expect(coverSize(1000, 8000)).toEqual({ width: 56, height: 450 });
    expect(coverSize(120, 80)).toEqual({ width: 120, height: 80 });
  });
});
