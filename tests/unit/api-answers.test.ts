import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { zipName } from '../../api/src/services/download-service';
import { allowedValues, fieldProblems, type FieldSchema } from '#shared/field-problems';
import compressTool from '#shared/tools/compress-pdf';
import jpgTool from '#shared/tools/pdf-to-jpg';

const problems = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('accepted');
  return fieldProblems(schema, parsed.error, input);
};

describe('field problems: a refused request in words that name the field', () => {
  it('lists what an enum, a union and a flag take', () => {
    expect(problems(compressTool.options, { compress: 'huge' })).toEqual([
      { field: 'compress', message: 'compress must be one of low, medium, high, custom or 10–90 in steps of 10', allowed: ['low', 'medium', 'high', 'custom', '10–90 in steps of 10'] },
    ]);
    expect(problems(jpgTool.options, { mode: 'x', outtype: 'tiff' }).map((p) => p.message)).toEqual([
      'mode must be pages or images',
      'outtype must be one of keep, png, jpg, jpeg or bmp',
    ]);
  });

  it('says required, too small, too long, wrong type and unknown key', () => {
    const schema = z.strictObject({ id: z.string().min(2).max(4), count: z.number().int().min(1), when: z.string().optional() });
    expect(problems(schema, { count: 0, extra: 1 }).map((p) => p.message)).toEqual(['id is required', 'count must be at least 1', 'extra is not a field of this request']);
    expect(problems(schema, { id: 'abcdef', count: 'x' }).map((p) => p.message)).toEqual(['id must be at most 4 characters', 'count must be a number']);
  });

  it('names a nested field by its path', () => {
    const schema = z.object({ operations: z.array(z.object({ kind: z.enum(['text', 'ink']) })) });
    expect(problems(schema, { operations: [{ kind: 'text' }, { kind: 'laser' }] })).toEqual([
      { field: 'operations.1.kind', message: 'operations.1.kind must be text or ink', allowed: ['text', 'ink'] },
    ]);
  });

  it('leaves out numbers sent as strings where a range covers them', () => {
    const schema: FieldSchema = { anyOf: [{ enum: ['low'] }, { enum: ['10', '20', '95'] }, { type: 'integer', minimum: 10, maximum: 90 }] };
    expect(allowedValues(schema)).toEqual(['low', '95', 'integer 10–90']);
  });
});

describe('zip names: from the file the results came from', () => {
  const task = (name: string, tool: string, inputs = 1) => ({ name, tool, inputTokens: Array.from({ length: inputs }, (_, i) => `t${i}`) });
  it('says what one file’s several results are', () => {
    expect(zipName([task('report.pdf', 'split-pdf')])).toBe('report-pages.zip');
    expect(zipName([task('report.pdf', 'pdf-to-jpg')])).toBe('report-images.zip');
    expect(zipName([task('report.pdf', 'translate-pdf')])).toBe('report-translated.zip');
  });
  it('names the first of several files and counts the others, never a random suffix', () => {
    expect(zipName([task('report.docx', 'word-to-pdf'), task('notes.docx', 'word-to-pdf'), task('memo.docx', 'word-to-pdf')])).toBe('report-and-2-more.zip');
    expect(zipName([task('a.jpg', 'jpg-to-pdf', 4)])).toBe('a-and-3-more.zip');
    expect(zipName([task('https://example.com/docs/guide.html', 'html-to-pdf'), task('https://example.com/', 'html-to-pdf')])).toBe('guide-and-1-more.zip');
  });
});
