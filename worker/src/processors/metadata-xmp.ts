/** The properties edit-metadata writes, in the tool's option names. */
export interface DocumentProperties {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  producer?: string;
  creationdate?: Date;
  moddate?: Date;
}

/** XMP's date form, to the second, in UTC. */
const isoDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One language-alternative property (dc:title, dc:description), as XMP requires them. */
const alt = (name: string, value: string) =>
  `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${name}>`;

/**
 * An XMP packet holding the same values as the Info dictionary, mapped as ISO 32000 (14.3.2) maps
 * them: Title → dc:title, Author → dc:creator, Subject → dc:description, Keywords → pdf:Keywords,
 * Creator → xmp:CreatorTool, Producer → pdf:Producer, the dates → xmp:CreateDate, xmp:ModifyDate
 * (and xmp:MetadataDate, the packet's own date).
 */
export function xmpPacket(p: DocumentProperties): string {
  const props = [
    p.title && alt('dc:title', p.title),
    p.author && `<dc:creator><rdf:Seq><rdf:li>${escapeXml(p.author)}</rdf:li></rdf:Seq></dc:creator>`,
    p.subject && alt('dc:description', p.subject),
    p.keywords && `<pdf:Keywords>${escapeXml(p.keywords)}</pdf:Keywords>`,
    p.creator && `<xmp:CreatorTool>${escapeXml(p.creator)}</xmp:CreatorTool>`,
    p.producer && `<pdf:Producer>${escapeXml(p.producer)}</pdf:Producer>`,
    p.creationdate && `<xmp:CreateDate>${isoDate(p.creationdate)}</xmp:CreateDate>`,
    p.moddate && `<xmp:ModifyDate>${isoDate(p.moddate)}</xmp:ModifyDate>`,
    p.moddate && `<xmp:MetadataDate>${isoDate(p.moddate)}</xmp:MetadataDate>`,
  ].filter(Boolean);
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    ...props,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}
