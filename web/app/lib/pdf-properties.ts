import { parsePdfDate } from '#shared/pdf-date';
import { METADATA_DATE_FIELDS, METADATA_TEXT_FIELDS } from '#shared/tools/edit-metadata';
import { openPdfDocument } from './pdf-preview';

export type PropertyField = (typeof METADATA_TEXT_FIELDS)[number] | (typeof METADATA_DATE_FIELDS)[number];
/** Texts as typed; dates as a `datetime-local` input holds them, in the browser's time zone. */
export type DocumentProperties = Record<PropertyField, string>;

/** Where each property sits in the Info dictionary (pdf.js names) and, failing that, in XMP. */
const SOURCES: Record<PropertyField, { info: string; xmp: string }> = {
  title: { info: 'Title', xmp: 'dc:title' },
  author: { info: 'Author', xmp: 'dc:creator' },
  subject: { info: 'Subject', xmp: 'dc:description' },
  keywords: { info: 'Keywords', xmp: 'pdf:keywords' },
  creator: { info: 'Creator', xmp: 'xmp:creatortool' },
  producer: { info: 'Producer', xmp: 'pdf:producer' },
  creationdate: { info: 'CreationDate', xmp: 'xmp:createdate' },
  moddate: { info: 'ModDate', xmp: 'xmp:modifydate' },
};

/** A date as a `datetime-local` input shows it: local time, to the minute. */
export function localDateTime(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The document's properties, read in the browser by pdf.js (the file is not sent anywhere for
 * this): each from the Info dictionary, or from the XMP packet where Info lacks it.
 */
export async function readDocumentProperties(url: string): Promise<DocumentProperties> {
  const task = await openPdfDocument(url);
  try {
    const doc = await task.promise;
    const { info, metadata } = await doc.getMetadata();
    const fromInfo = info as Record<string, unknown>;
    const read = (field: PropertyField): string => {
      const { info: key, xmp } = SOURCES[field];
      const value = typeof fromInfo[key] === 'string' ? (fromInfo[key] as string) : (metadata?.get(xmp) ?? '');
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      if (!(METADATA_DATE_FIELDS as readonly string[]).includes(field) || !text) return text;
      const date = parsePdfDate(text) ?? new Date(text);
      return Number.isNaN(date.getTime()) ? '' : localDateTime(date);
    };
    return Object.fromEntries(Object.keys(SOURCES).map((field) => [field, read(field as PropertyField)])) as DocumentProperties;
  } finally {
    await task.destroy();
  }
}
