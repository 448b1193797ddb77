import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { carriesSignature } from '../../web/app/components/editor/signed-file';
import { fixture } from '../support/fixtures';

describe("the editor's check for a signed PDF", () => {
  it('finds the mark the worker reads in a signed file, and not in an unsigned one', async () => {
    expect(await carriesSignature(new Blob([fs.readFileSync(fixture('pdf/sheaf_signed.pdf'))]))).toBe(true);
    expect(await carriesSignature(new Blob([fs.readFileSync(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'))]))).toBe(false);
  });

  it('finds the mark wherever it falls, across the chunks a file is read in too', async () => {
    const filler = Buffer.alloc(140_000, 0x20);
    for (const at of [0, 65_530, 65_532, 65_535, 65_536, 131_068, 140_000 - 10]) {
      const bytes = Buffer.concat([filler.subarray(0, at), Buffer.from('/ByteRange'), filler.subarray(at)]);
      expect(await carriesSignature(new Blob([bytes])), `at ${at}`).toBe(true);
      expect(await carriesSignature(new Blob([bytes.subarray(0, at + 9), bytes.subarray(at + 10)])), `cut at ${at}`).toBe(false);
    }
  });
});
