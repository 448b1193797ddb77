import { readFile, writeFile } from 'node:fs/promises';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { ANNOTATION_FLAGS, DEFAULT_BYTE_RANGE_PLACEHOLDER, SIG_FLAGS, SUBFILTER_ETSI_CADES_DETACHED, type Signer } from '@signpdf/utils';
import type { SealCertificate } from '#shared/seal-certificate';

/**
 * The PAdES seal of a signed PDF, in two halves. The task host (which parses the user's file) only
 * appends an empty signature field as an incremental update; the worker, which alone holds the
 * operator's key, then fills the signature in by plain byte work. The key never reaches the process
 * a hostile file could take over, and the bytes before the update are the unsealed PDF, untouched.
 */

/** Bytes kept for the CMS signature (hex doubles it): a certificate chain of a few certificates fits. */
const SIGNATURE_BYTES = 16_384;
/** The placeholder as pdf-lib writes the array `[0 /P /P /P]`. */
const BYTE_RANGE_PLACEHOLDER = `/ByteRange [ 0 /${DEFAULT_BYTE_RANGE_PLACEHOLDER} /${DEFAULT_BYTE_RANGE_PLACEHOLDER} /${DEFAULT_BYTE_RANGE_PLACEHOLDER} ]`;

/** Appends an invisible signature field whose value is an empty ETSI.CAdES.detached signature. */
export async function addSealPlaceholder(input: string, output: string, signedAt: Date): Promise<void> {
  const pdf = await PDFDocument.load(await readFile(input), { forIncrementalUpdate: true, updateMetadata: false });
  const { context } = pdf;
  const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  // ByteRange before Contents: the worker finds Contents after the placeholder.
  const signature = context.register(
    context.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
      ByteRange: [0, placeholder, placeholder, placeholder],
      Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
      M: PDFString.fromDate(signedAt),
    }),
  );
  const page = pdf.getPage(0);
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: signature,
      T: PDFString.of('Sheaf seal'),
      F: ANNOTATION_FLAGS.PRINT,
      P: page.ref,
    }),
  );
  // Not page.node.addAnnot: it normalizes the page, wrapping its content in new q/Q streams.
  const annots = page.node.get(PDFName.of('Annots'));
  const list = annots && context.lookupMaybe(annots, PDFArray);
  if (list) list.push(widget);
  else page.node.set(PDFName.of('Annots'), context.obj([widget]));
  const form = pdf.catalog.getOrCreateAcroForm();
  form.addField(widget);
  form.dict.set(PDFName.of('SigFlags'), context.obj(SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY));
  // The incremental writer saves new objects by itself, changed ones only when told.
  const snapshot = context.snapshot!;
  snapshot.markRefsForSave([page.ref, context.trailerInfo.Root as PDFRef, ...(annots instanceof PDFRef ? [annots] : [])]);
  snapshot.markObjForSave(form.dict);
  // A signature inside an object stream could not be filled in place: plain objects only.
  await writeFile(output, await pdf.commit({ useObjectStreams: false }));
}

/** The operator's certificate as a signer; read and checked at boot (see `readSealCertificate`). */
export const sealSigner = (cert: SealCertificate): Signer => new P12Signer(cert.p12, { passphrase: cert.password });

/**
 * Fills in the signature `addSealPlaceholder` left: the byte range around its Contents, then the
 * CMS signature of those bytes. The LAST placeholder is ours (the update is at the end), so a
 * placeholder-looking string in the user's own content is never touched.
 */
export async function fillSeal(pdf: Buffer, signer: Signer, signedAt: Date): Promise<Buffer> {
  const rangeAt = pdf.lastIndexOf(BYTE_RANGE_PLACEHOLDER);
  const contentsAt = rangeAt < 0 ? -1 : pdf.indexOf('/Contents <', rangeAt);
  if (contentsAt < 0) throw new Error('no seal placeholder in the output');
  const start = pdf.indexOf('<', contentsAt);
  const end = pdf.indexOf('>', start) + 1;
  const range = [0, start, end, pdf.length - end];
  const written = `/ByteRange [${range.join(' ')}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' ');
  const prepared = Buffer.concat([pdf.subarray(0, rangeAt), Buffer.from(written, 'latin1'), pdf.subarray(rangeAt + written.length)]);
  const cms = await signer.sign(Buffer.concat([prepared.subarray(0, start), prepared.subarray(end)]), signedAt);
  const room = end - start - 2;
  if (cms.length * 2 > room) throw new Error(`seal signature needs ${cms.length * 2} hex digits, ${room} kept`);
  return Buffer.concat([prepared.subarray(0, start + 1), Buffer.from(cms.toString('hex').padEnd(room, '0'), 'latin1'), prepared.subarray(end - 1)]);
}
