import type { DwgEntity } from '@mlightcad/libredwg-web';
import { AppError } from '#shared/errors';
import { aciToRgb, dxfWeight, layerKey, type CadBlock, type CadDocument, type CadLayer } from './document';

/**
 * A reader for ASCII DXF (R12 to 2018): the LAYER table, block definitions and entities. The
 * LibreDWG build in libredwg-web reads DWG only, so DXF gets this small reader, which builds the
 * same `Dwg*` entity objects LibreDWG gives for a DWG (angles in radians, line weights as DWG
 * indexes), for the entities the renderer draws. Binary DXF is refused.
 */

interface Group {
  code: number;
  value: string;
}

const DEG = Math.PI / 180;

export function readDxf(text: string): CadDocument {
  if (text.startsWith('AutoCAD Binary DXF')) throw new AppError('DRAWING_DAMAGED', 'binary DXF is not supported');
  const groups = tokenize(text);
  const layers = new Map<string, CadLayer>();
  const blocks = new Map<string, CadBlock>();
  const modelSpace: DwgEntity[] = [];
  const paperSpace: DwgEntity[] = [];
  let sawSection = false;
  let dimTextHeight: number | undefined;

  let i = 0;
  while (i < groups.length) {
    const g = groups[i];
    if (g.code === 0 && g.value === 'SECTION' && groups[i + 1]?.code === 2) {
      sawSection = true;
      const name = groups[i + 1].value;
      const end = findIndex(groups, i + 2, (x) => x.code === 0 && x.value === 'ENDSEC');
      const body = groups.slice(i + 2, end);
      if (name === 'HEADER') dimTextHeight = readDimTextHeight(body);
      else if (name === 'TABLES') readLayers(body, layers);
      else if (name === 'BLOCKS') readBlocks(body, blocks);
      else if (name === 'ENTITIES') {
        for (const e of readEntities(body)) ((e as DxfEntity).paperSpace ? paperSpace : modelSpace).push(e);
      }
      i = end + 1;
    } else i++;
  }
  if (!sawSection) throw new AppError('DRAWING_DAMAGED', 'no DXF section found');
  return { layers, blocks, modelSpace, paperSpace, dimTextHeight };
}

/** DIMTXT × DIMSCALE from the header's `$NAME` / value pairs. */
function readDimTextHeight(groups: Group[]): number | undefined {
  const value = (name: string) => {
    const i = groups.findIndex((g) => g.code === 9 && g.value === name);
    return i >= 0 ? Number(groups[i + 1]?.value) : NaN;
  };
  const text = value('$DIMTXT');
  const scale = value('$DIMSCALE');
  return text > 0 ? text * (scale > 0 ? scale : 1) : undefined;
}

/** Code/value line pairs; values keep inner spaces, lose the line ending and padding. */
function tokenize(text: string): Group[] {
  const lines = text.split(/\r?\n/);
  const groups: Group[] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = Number.parseInt(lines[i].trim(), 10);
    if (!Number.isFinite(code)) throw new AppError('DRAWING_DAMAGED', `DXF group code expected at line ${i + 1}`);
    groups.push({ code, value: lines[i + 1].trim() });
  }
  return groups;
}

function findIndex(groups: Group[], from: number, test: (g: Group) => boolean): number {
  for (let i = from; i < groups.length; i++) if (test(groups[i])) return i;
  return groups.length;
}

/** Splits a run of groups into records, each starting at a code-0 group. */
function records(groups: Group[]): Group[][] {
  const out: Group[][] = [];
  for (const g of groups) {
    if (g.code === 0) out.push([g]);
    else out.at(-1)?.push(g);
  }
  return out;
}

function readLayers(groups: Group[], layers: Map<string, CadLayer>) {
  for (const rec of records(groups)) {
    if (rec[0].value !== 'LAYER') continue;
    const r = new Fields(rec);
    const name = r.str(2) ?? '0';
    const aci = r.int(62) ?? 7;
    const trueColor = r.int(420);
    const flags = r.int(70) ?? 0;
    const weight = dxfWeight(r.int(370));
    layers.set(layerKey(name), {
      name,
      rgb: trueColor !== undefined ? trueColor & 0xffffff : aciToRgb(Math.abs(aci)),
      weightMm: typeof weight === 'object' ? weight.mm : undefined,
      // A negative colour means the layer is off; flag 1 frozen; 290 = 0 not plotted.
      hidden: aci < 0 || (flags & 1) !== 0 || r.int(290) === 0 || name.toUpperCase() === 'DEFPOINTS',
    });
  }
}

function readBlocks(groups: Group[], blocks: Map<string, CadBlock>) {
  let i = 0;
  while (i < groups.length) {
    if (groups[i].code === 0 && groups[i].value === 'BLOCK') {
      const headerEnd = findIndex(groups, i + 1, (g) => g.code === 0);
      const header = new Fields(groups.slice(i, headerEnd));
      const end = findIndex(groups, headerEnd, (g) => g.code === 0 && g.value === 'ENDBLK');
      const name = header.str(2) ?? header.str(3) ?? '';
      blocks.set(name.toUpperCase(), {
        name,
        basePoint: { x: header.num(10) ?? 0, y: header.num(20) ?? 0 },
        entities: readEntities(groups.slice(headerEnd, end)),
      });
      i = end + 1;
    } else i++;
  }
}

type DxfEntity = DwgEntity & { paperSpace?: boolean };

/** Entities of a section or block; VERTEX and ATTRIB records are gathered into their owner. */
function readEntities(groups: Group[]): DwgEntity[] {
  const out: DwgEntity[] = [];
  const recs = records(groups);
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i];
    const type = rec[0].value;
    if (type === 'POLYLINE' || (type === 'INSERT' && new Fields(rec).int(66) === 1)) {
      const children: Group[][] = [];
      while (i + 1 < recs.length && recs[i + 1][0].value !== 'SEQEND' && (recs[i + 1][0].value === 'VERTEX' || recs[i + 1][0].value === 'ATTRIB')) {
        children.push(recs[++i]);
      }
      if (recs[i + 1]?.[0].value === 'SEQEND') i++;
      const entity = type === 'POLYLINE' ? polyline(rec, children) : insert(rec, children);
      if (entity) out.push(entity);
      continue;
    }
    const entity = toEntity(rec);
    if (entity) out.push(entity);
  }
  return out;
}

/** Field access on one record; repeated codes (vertices, knots) are read with `all`. */
class Fields {
  constructor(readonly groups: Group[]) {}
  private find(code: number) {
    return this.groups.find((g) => g.code === code)?.value;
  }
  str(code: number): string | undefined {
    return this.find(code);
  }
  num(code: number): number | undefined {
    const v = this.find(code);
    if (v === undefined) return undefined;
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  int(code: number): number | undefined {
    const n = this.num(code);
    return n === undefined ? undefined : Math.trunc(n);
  }
  point(code: number, fallback = { x: 0, y: 0, z: 0 }) {
    return { x: this.num(code) ?? fallback.x, y: this.num(code + 10) ?? fallback.y, z: this.num(code + 20) ?? fallback.z };
  }
  all(code: number): number[] {
    return this.groups.filter((g) => g.code === code).map((g) => Number(g.value));
  }
}

const Z_UP = { x: 0, y: 0, z: 1 };

/** Properties every entity carries, with DXF values turned into what LibreDWG reports. */
function common(r: Fields, type: string) {
  const weight = dxfWeight(r.int(370));
  const trueColor = r.int(420);
  return {
    type,
    handle: r.str(5) ?? '',
    ownerBlockRecordSoftId: r.str(330) ?? '',
    layer: r.str(8) ?? '0',
    colorIndex: r.int(62) ?? 256,
    color: trueColor !== undefined ? trueColor & 0xffffff : undefined,
    lineweight: weight === 'bylayer' ? 29 : weight === 'byblock' ? 30 : weight === 'default' ? 31 : weightIndex(weight.mm),
    isVisible: r.int(60) !== 1,
    transparencyType: 0,
    paperSpace: r.int(67) === 1,
    extrusionDirection: r.point(210, Z_UP),
  };
}

/** The DWG line-weight index nearest to a weight in millimetres. */
function weightIndex(mm: number): number {
  const table = [0, 5, 9, 13, 15, 18, 20, 25, 30, 35, 40, 50, 53, 60, 70, 80, 90, 100, 106, 120, 140, 158, 200, 211];
  let best = 0;
  for (let i = 1; i < table.length; i++) if (Math.abs(table[i] - mm * 100) < Math.abs(table[best] - mm * 100)) best = i;
  return best;
}

function textBase(r: Fields, valignCode: number) {
  return {
    text: r.str(1) ?? '',
    thickness: r.num(39) ?? 0,
    startPoint: r.point(10),
    endPoint: r.point(11),
    textHeight: r.num(40) ?? 1,
    rotation: (r.num(50) ?? 0) * DEG,
    xScale: r.num(41) ?? 1,
    obliqueAngle: (r.num(51) ?? 0) * DEG,
    styleName: r.str(7) ?? 'STANDARD',
    generationFlag: r.int(71) ?? 0,
    halign: r.int(72) ?? 0,
    valign: r.int(valignCode) ?? 0,
    extrusionDirection: r.point(210, Z_UP),
  };
}

function toEntity(rec: Group[]): DwgEntity | null {
  const r = new Fields(rec);
  const type = rec[0].value;
  const base = common(r, type);
  switch (type) {
    case 'LINE':
      return { ...base, thickness: r.num(39) ?? 0, startPoint: r.point(10), endPoint: r.point(11) } as DwgEntity;
    case 'POINT':
      return { ...base, position: r.point(10), thickness: 0, angle: 0 } as DwgEntity;
    case 'CIRCLE':
      return { ...base, thickness: 0, center: r.point(10), radius: r.num(40) ?? 0 } as DwgEntity;
    case 'ARC':
      return { ...base, thickness: 0, center: r.point(10), radius: r.num(40) ?? 0, startAngle: (r.num(50) ?? 0) * DEG, endAngle: (r.num(51) ?? 360) * DEG } as DwgEntity;
    case 'ELLIPSE':
      return { ...base, center: r.point(10), majorAxisEndPoint: r.point(11), axisRatio: r.num(40) ?? 1, startAngle: r.num(41) ?? 0, endAngle: r.num(42) ?? 2 * Math.PI } as DwgEntity;
    case 'LWPOLYLINE':
      return { ...base, flag: r.int(70) ?? 0, constantWidth: r.num(43), elevation: r.num(38) ?? 0, thickness: 0, numberOfVertices: 0, vertices: lwVertices(rec) } as DwgEntity;
    case 'TEXT':
      return { ...base, ...textBase(r, 73) } as DwgEntity;
    case 'ATTRIB':
      return attrib(rec);
    case 'MTEXT': {
      const chunks = rec.filter((g) => g.code === 3).map((g) => g.value);
      const direction = r.point(11, { x: Math.cos((r.num(50) ?? 0) * DEG), y: Math.sin((r.num(50) ?? 0) * DEG), z: 0 });
      return {
        ...base,
        insertionPoint: r.point(10),
        textHeight: r.num(40) ?? 1,
        rectWidth: r.num(41) ?? 0,
        extentsWidth: 0,
        extentsHeight: 0,
        attachmentPoint: r.int(71) ?? 1,
        drawingDirection: r.int(72) ?? 1,
        text: chunks.join('') + (r.str(1) ?? ''),
        styleName: r.str(7) ?? 'STANDARD',
        direction,
        rotation: Math.atan2(direction.y, direction.x),
        lineSpacingStyle: r.int(73) ?? 1,
        lineSpacing: r.num(44) ?? 1,
      } as unknown as DwgEntity;
    }
    case 'INSERT':
      return insert(rec, []);
    case 'DIMENSION':
      return {
        ...base,
        name: r.str(2) ?? '',
        definitionPoint: r.point(10),
        textPoint: r.point(11),
        dimensionType: r.int(70) ?? 0,
        attachmentPoint: r.int(71) ?? 5,
        text: r.str(1),
        measurement: r.num(42),
        textRotation: r.num(53) === undefined ? undefined : r.num(53)! * DEG,
        styleName: r.str(3) ?? '',
        subDefinitionPoint1: r.point(13),
        subDefinitionPoint2: r.point(14),
      } as unknown as DwgEntity;
    case 'SOLID':
    case 'TRACE':
    case '3DFACE':
      return { ...base, type: type === 'TRACE' ? 'SOLID' : type, corner1: r.point(10), corner2: r.point(11), corner3: r.point(12), corner4: r.point(13, r.point(12)), flag: r.int(70) ?? 0, thickness: 0 } as DwgEntity;
    case 'SPLINE': {
      const controlPoints = pointsOf(rec, 10);
      const fitPoints = pointsOf(rec, 11);
      return {
        ...base,
        flag: r.int(70) ?? 0,
        degree: r.int(71) ?? 3,
        knots: r.all(40),
        weights: r.all(41).length ? r.all(41) : undefined,
        controlPoints,
        fitPoints,
        numberOfKnots: r.int(72) ?? 0,
        numberOfControlPoints: controlPoints.length,
        numberOfFitPoints: fitPoints.length,
      } as unknown as DwgEntity;
    }
    case 'LEADER':
      return { ...base, isArrowheadEnabled: r.int(71) !== 0, isSpline: r.int(72) === 1, vertices: pointsOf(rec, 10) } as unknown as DwgEntity;
    case 'XLINE':
    case 'RAY':
      return { ...base, firstPoint: r.point(10), unitDirection: r.point(11) } as DwgEntity;
    case 'HATCH':
      return hatch(rec, base);
    case 'ACAD_TABLE':
      return { ...base, name: r.str(2) ?? '', startPoint: r.point(10), directionVector: r.point(11, { x: 1, y: 0, z: 0 }) } as unknown as DwgEntity;
    default:
      return null;
  }
}

function attrib(rec: Group[]): DwgEntity {
  const r = new Fields(rec);
  return { ...common(r, 'ATTRIB'), text: textBase(r, 74), tag: r.str(2) ?? '', flags: r.int(70) ?? 0 } as unknown as DwgEntity;
}

function insert(rec: Group[], children: Group[][]): DwgEntity {
  const r = new Fields(rec);
  return {
    ...common(r, 'INSERT'),
    name: r.str(2) ?? '',
    insertionPoint: r.point(10),
    xScale: r.num(41) ?? 1,
    yScale: r.num(42) ?? 1,
    zScale: r.num(43) ?? 1,
    rotation: (r.num(50) ?? 0) * DEG,
    columnCount: r.int(70) ?? 1,
    rowCount: r.int(71) ?? 1,
    columnSpacing: r.num(44) ?? 0,
    rowSpacing: r.num(45) ?? 0,
    attribs: children.filter((c) => c[0].value === 'ATTRIB').map(attrib),
  } as unknown as DwgEntity;
}

function polyline(rec: Group[], children: Group[][]): DwgEntity | null {
  const r = new Fields(rec);
  const flag = r.int(70) ?? 0;
  // Polyface meshes and polygon meshes are 3D surfaces; a plan drawing leaves them out.
  if (flag & (16 | 64)) return null;
  const vertices = children
    .filter((c) => c[0].value === 'VERTEX')
    .map((c) => {
      const v = new Fields(c);
      return { ...v.point(10), bulge: v.num(42) ?? 0, flag: v.int(70) ?? 0, startWidth: 0, endWidth: 0 };
    })
    // Spline-fit frames carry control points the curve does not pass through.
    .filter((v) => !(v.flag & 16));
  return { ...common(r, flag & 8 ? 'POLYLINE3D' : 'POLYLINE2D'), flag, vertices } as unknown as DwgEntity;
}

function lwVertices(rec: Group[]) {
  const vertices: Array<{ id: number; x: number; y: number; bulge: number }> = [];
  for (const g of rec) {
    if (g.code === 10) vertices.push({ id: vertices.length, x: Number(g.value), y: 0, bulge: 0 });
    else if (g.code === 20 && vertices.length) vertices[vertices.length - 1].y = Number(g.value);
    else if (g.code === 42 && vertices.length) vertices[vertices.length - 1].bulge = Number(g.value);
  }
  return vertices;
}

/** Every point of a repeated code (10 → 10/20/30), in order. */
function pointsOf(rec: Group[], code: number) {
  const points: Array<{ x: number; y: number; z: number }> = [];
  for (const g of rec) {
    if (g.code === code) points.push({ x: Number(g.value), y: 0, z: 0 });
    else if (g.code === code + 10 && points.length) points[points.length - 1].y = Number(g.value);
    else if (g.code === code + 20 && points.length) points[points.length - 1].z = Number(g.value);
  }
  return points;
}

/**
 * HATCH is read in order, because its codes repeat with different meanings: boundary paths
 * (polyline or edges), then the pattern definition lines.
 */
function hatch(rec: Group[], base: ReturnType<typeof common>): DwgEntity {
  let i = 1;
  const next = () => rec[i++];
  const peek = () => rec[i];
  const num = () => Number(next()?.value ?? 0);
  const expect = (code: number) => {
    while (i < rec.length && rec[i].code !== code) i++;
    return i < rec.length ? num() : 0;
  };
  const r = new Fields(rec);
  const boundaryPaths: unknown[] = [];
  const pathCount = expect(91);
  for (let p = 0; p < pathCount && i < rec.length; p++) {
    const flags = expect(92);
    if (flags & 2) {
      const hasBulge = expect(72) !== 0;
      const isClosed = expect(73) !== 0;
      const count = expect(93);
      const vertices = [];
      for (let v = 0; v < count && i < rec.length; v++) {
        const x = expect(10);
        const y = expect(20);
        const bulge = hasBulge && peek()?.code === 42 ? num() : 0;
        vertices.push({ x, y, bulge });
      }
      boundaryPaths.push({ boundaryPathTypeFlag: flags, hasBulge, isClosed, numberOfVertices: count, vertices });
    } else {
      const count = expect(93);
      const edges = [];
      for (let e = 0; e < count && i < rec.length; e++) {
        const type = expect(72);
        if (type === 1) {
          edges.push({ type, start: { x: expect(10), y: expect(20) }, end: { x: expect(11), y: expect(21) } });
        } else if (type === 2) {
          edges.push({ type, center: { x: expect(10), y: expect(20) }, radius: expect(40), startAngle: expect(50) * DEG, endAngle: expect(51) * DEG, isCCW: expect(73) !== 0 });
        } else if (type === 3) {
          edges.push({ type, center: { x: expect(10), y: expect(20) }, end: { x: expect(11), y: expect(21) }, lengthOfMinorAxis: expect(40), startAngle: expect(50) * DEG, endAngle: expect(51) * DEG, isCCW: expect(73) !== 0 });
        } else if (type === 4) {
          const degree = expect(94);
          expect(73);
          expect(74);
          const knotCount = expect(95);
          const controlCount = expect(96);
          const knots = Array.from({ length: knotCount }, () => expect(40));
          const controlPoints = Array.from({ length: controlCount }, () => {
            const x = expect(10);
            const y = expect(20);
            return peek()?.code === 42 ? { x, y, weight: num() } : { x, y };
          });
          edges.push({ type, degree, numberOfKnots: knotCount, numberOfControlPoints: controlCount, knots, controlPoints, numberOfFitData: 0, fitDatum: [] });
        }
      }
      boundaryPaths.push({ boundaryPathTypeFlag: flags, numberOfEdges: count, edges });
    }
    // Source boundary object references follow each path.
    if (peek()?.code === 97) {
      const refs = num();
      for (let k = 0; k < refs && peek()?.code === 330; k++) next();
    }
  }
  const definitionLines = [];
  while (i < rec.length && rec[i].code !== 78) i++;
  if (i < rec.length) {
    const lineCount = num();
    for (let l = 0; l < lineCount && i < rec.length; l++) {
      const angle = expect(53) * DEG;
      const base = { x: expect(43), y: expect(44) };
      const offset = { x: expect(45), y: expect(46) };
      const dashCount = expect(79);
      const dashLengths = Array.from({ length: dashCount }, () => expect(49));
      definitionLines.push({ angle, base, offset, numberOfDashLengths: dashCount, dashLengths });
    }
  }
  return {
    ...base,
    patternName: r.str(2) ?? '',
    solidFill: r.int(70) ?? 0,
    numberOfBoundaryPaths: boundaryPaths.length,
    boundaryPaths,
    hatchStyle: r.int(75) ?? 0,
    patternType: r.int(76) ?? 1,
    numberOfDefinitionLines: definitionLines.length,
    definitionLines,
  } as unknown as DwgEntity;
}
