import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { parsePdfDate } from '#shared/pdf-date';
import metadataTool, { METADATA_DATE_FIELDS, METADATA_TEXT_FIELDS } from '#shared/tools/edit-metadata';
import * as qpdf from '../engines/qpdf';
import { fileStem, readyForQpdf, singleInput } from '../inputs/pdf-input';
import { xmpPacket, type DocumentProperties } from './metadata-xmp';
import { defineProcessor, type ToolOptions } from '../contract/processor';

type Dict = Record<string, unknown>;
type Field = (typeof METADATA_TEXT_FIELDS)[number] | (typeof METADATA_DATE_FIELDS)[number];

/** Each field's key in the Info dictionary. */
const INFO_KEYS: Record<Field, string> = {
  title: '/Title',
  author: '/Author',
  subject: '/Subject',
  keywords: '/Keywords',
  creator: '/Creator',
  producer: '/Producer',
  creationdate: '/CreationDate',
  moddate: '/ModDate',
};

/**
 * Writes the document properties into the Info dictionary and into a new XMP packet built from the
 * same values, so every reader (pdfinfo reads Info, Acrobat and search engines prefer XMP) shows
 * the same thing. "Remove all" drops both. Only the trailer, the catalog and the two new objects
 * change: pages, fonts and streams are copied as they are.
 */
const editMetadata = defineProcessor(metadataTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'metadata-'));
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.3);

  const { header, objects } = await qpdf.jsonObjects(doc.path, [], ctx.signal);
  const trailer = objects.trailer.value as Dict;
  const root = trailer['/Root'] as string;
  const infoRef = typeof trailer['/Info'] === 'string' ? (trailer['/Info'] as string) : undefined;
  const { objects: current } = await qpdf.jsonObjects(doc.path, [root, ...(infoRef ? [infoRef] : [])], ctx.signal);
  const catalog = current[`obj:${root}`].value as Dict;
  const info = (infoRef ? (current[`obj:${infoRef}`]?.value as Dict | undefined) : undefined) ?? {};

  const { '/Info': _info, ...trailerRest } = trailer;
  const { '/Metadata': _metadata, ...catalogRest } = catalog;
  const updates: qpdf.QpdfObjects = {};
  if (ctx.options.removeall) {
    updates.trailer = { value: trailerRest };
    updates[`obj:${root}`] = { value: catalogRest };
  } else {
    const properties = propertiesOf(info, ctx.options);
    const [infoId, xmpId] = [header.maxobjectid + 1, header.maxobjectid + 2];
    updates.trailer = { value: { ...trailerRest, '/Info': `${infoId} 0 R` } };
    updates[`obj:${root}`] = { value: { ...catalogRest, '/Metadata': `${xmpId} 0 R` } };
    updates[`obj:${infoId} 0 R`] = { value: infoDictionary(info, properties) };
    updates[`obj:${xmpId} 0 R`] = {
      stream: { dict: { '/Type': '/Metadata', '/Subtype': '/XML' }, data: Buffer.from(xmpPacket(properties), 'utf8').toString('base64') },
    };
  }
  const output = path.join(dir, 'output.pdf');
  await qpdf.updateObjects(doc.path, updates, output, { workDir: dir, signal: ctx.signal });
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-metadata.pdf` }] };
});

/** The properties after the edit: a field sent replaces the file's value (empty removes it), one left out keeps it. */
function propertiesOf(info: Dict, options: ToolOptions<typeof metadataTool>): DocumentProperties {
  const properties: DocumentProperties = {};
  for (const field of METADATA_TEXT_FIELDS) {
    const value = options[field] ?? textOf(info[INFO_KEYS[field]]);
    if (value) properties[field] = value;
  }
  for (const field of METADATA_DATE_FIELDS) {
    const sent = options[field];
    const date = sent === undefined ? dateOf(info[INFO_KEYS[field]]) : sent === '' ? undefined : new Date(sent);
    if (date && !Number.isNaN(date.getTime())) properties[field] = date;
  }
  return properties;
}

/** The Info dictionary with the edited properties; entries the tool does not show (custom keys) are kept. */
function infoDictionary(info: Dict, properties: DocumentProperties): Dict {
  const kept = Object.fromEntries(Object.entries(info).filter(([key]) => !Object.values(INFO_KEYS).includes(key)));
  for (const field of METADATA_TEXT_FIELDS) if (properties[field]) kept[INFO_KEYS[field]] = `u:${properties[field]}`;
  for (const field of METADATA_DATE_FIELDS) if (properties[field]) kept[INFO_KEYS[field]] = `u:${pdfDate(properties[field])}`;
  return kept;
}

/** qpdf writes text strings as "u:<utf-8>" and binary ones as "b:<hex>"; anything else has no text. */
function textOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return decodePdfBytes(Buffer.from(value.slice(2), 'hex'));
  return undefined;
}

/** A string's bytes: UTF-16 after a byte order mark, else (near enough) PDFDocEncoding, which is Latin-1 for text. */
function decodePdfBytes(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/** The Info dictionary's date, when it holds one that parses. */
function dateOf(value: unknown): Date | undefined {
  const text = textOf(value);
  return text === undefined ? undefined : parsePdfDate(text);
}

/** A date as the Info dictionary writes it, in UTC. */
function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 19).replace(/[-:T]/g, '')}Z`;
}

export default editMetadata;
