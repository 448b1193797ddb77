import type {
  DwgArcEntity,
  DwgCircleEntity,
  DwgDimensionEntity,
  DwgEllipseEntity,
  DwgEntity,
  DwgHatchEntity,
  DwgInsertEntity,
  DwgLeaderEntity,
  DwgLineEntity,
  DwgLWPolylineEntity,
  DwgMTextEntity,
  DwgPolyline2dEntity,
  DwgPolyline3dEntity,
  DwgSolidEntity,
  DwgSplineEntity,
  DwgTextBase,
  Dwg3dFaceEntity,
} from '@mlightcad/libredwg-web';
import { AppError } from '#shared/errors';
import { aciToRgb, dwgWeight, layerKey, type CadDocument, type CadLayer } from './document';
import {
  CLOSE,
  CURVE,
  IDENTITY,
  LINE,
  MOVE,
  PathBuilder,
  apply,
  flatten,
  transformOps,
  isFiniteMatrix,
  multiply,
  ocs,
  rotate,
  sampleBSpline,
  scale,
  scaleOf,
  throughPoints,
  translate,
  type Matrix,
  type Point,
} from './geometry';
import { hatchPatternSegments } from './hatch';
import { decodeTextCodes, mtextParagraphs } from './text';

/**
 * A drawing flattened into what a page needs: stroked and filled paths and text, in model
 * coordinates, colours resolved (by layer, by block, true colour), blocks expanded.
 */
export interface Scene {
  items: SceneItem[];
  bounds: Bounds;
}

export type SceneItem =
  | { kind: 'stroke'; ops: number[]; rgb: number; weightMm?: number; widthUnits?: number }
  | { kind: 'fill'; ops: number[]; rgb: number }
  | TextItem;

export interface TextItem {
  kind: 'text';
  text: string;
  /** Maps text space (font size 1, baseline at y = 0, starting at x = 0) to model space. */
  matrix: Matrix;
  rgb: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Width of a string at font size 1 (Helvetica metrics: the PDF font, and Arial/Liberation in SVG). */
export type Measure = (text: string) => number;

/** Helvetica's cap height as a fraction of the font size: CAD text height is a cap height. */
export const CAP_HEIGHT = 0.718;
const DESCENT = 0.207;

/** Expanded block references may not nest deeper than this. */
const MAX_DEPTH = 24;
/** Beyond this many path coordinates a drawing is refused rather than rendered for minutes. */
const MAX_COORDINATES = 10_000_000;
const DEFAULT_INK = 0x000000;

interface Context {
  m: Matrix;
  /** The layer entities on layer 0 take (the block reference's), and BYBLOCK colour and weight. */
  layer: CadLayer | undefined;
  rgb: number;
  weightMm?: number;
  /** Blocks being expanded, outermost first: a block that (indirectly) inserts itself is cut there. */
  blocks: readonly string[];
}

/** More entities than this once blocks are expanded: refused before any is drawn. */
const MAX_EXPANDED_ENTITIES = 2_000_000;

export function buildScene(doc: CadDocument, measure: Measure): Scene {
  const expanded = expandedSize(doc, doc.modelSpace) + expandedSize(doc, doc.paperSpace);
  if (expanded > MAX_EXPANDED_ENTITIES) throw new AppError('FILE_TOO_COMPLEX', `blocks expand to ${expanded} entities`);
  const builder = new SceneBuilder(doc, measure);
  builder.drawAll(doc.modelSpace);
  if (builder.items.length === 0) builder.drawAll(doc.paperSpace);
  if (builder.items.length === 0) throw new AppError('DRAWING_EMPTY', 'nothing drawable in model or paper space');
  return builder.finish();
}

class SceneBuilder {
  readonly items: SceneItem[] = [];
  /** Rays and construction lines: drawn at the end, clipped to the drawing's extent. */
  private readonly infinite: Array<{ origin: Point; dir: Point; both: boolean; rgb: number }> = [];
  private coordinates = 0;

  constructor(
    private readonly doc: CadDocument,
    private readonly measure: Measure,
  ) {}

  drawAll(entities: readonly DwgEntity[]) {
    const root: Context = { m: IDENTITY, layer: undefined, rgb: DEFAULT_INK, blocks: [] };
    for (const e of entities) this.draw(e, root);
  }

  private layerOf(e: DwgEntity, ctx: Context): CadLayer | undefined {
    const own = this.doc.layers.get(layerKey(e.layer));
    // Inside a block, entities on layer 0 take the layer of the reference.
    if (layerKey(e.layer) === '0' && ctx.layer) return ctx.layer;
    return own;
  }

  private style(e: DwgEntity, ctx: Context) {
    const layer = this.layerOf(e, ctx);
    let rgb: number;
    if (e.color !== undefined && e.color !== null) rgb = e.color;
    else if (e.colorIndex === 0) rgb = ctx.rgb;
    else if (e.colorIndex === undefined || e.colorIndex === 256 || e.colorIndex > 256 || e.colorIndex < 0) rgb = layer?.rgb ?? DEFAULT_INK;
    else rgb = aciToRgb(e.colorIndex);
    const w = dwgWeight(e.lineweight);
    const weightMm = typeof w === 'object' ? w.mm : w === 'bylayer' ? layer?.weightMm : w === 'byblock' ? ctx.weightMm : undefined;
    return { layer, rgb, weightMm };
  }

  private hidden(e: DwgEntity, ctx: Context) {
    if (e.isVisible === false) return true;
    return this.layerOf(e, ctx)?.hidden ?? false;
  }

  private count(n: number) {
    this.coordinates += n;
    if (this.coordinates > MAX_COORDINATES) throw new AppError('FILE_TOO_COMPLEX', `drawing expands to more than ${MAX_COORDINATES} coordinates`);
  }

  private stroke(path: PathBuilder, rgb: number, weightMm?: number, widthUnits?: number) {
    if (path.empty) return;
    this.count(path.ops.length);
    this.items.push({ kind: 'stroke', ops: path.ops, rgb, weightMm, widthUnits });
  }

  private fill(path: PathBuilder, rgb: number) {
    if (path.empty) return;
    this.count(path.ops.length);
    this.items.push({ kind: 'fill', ops: path.ops, rgb });
  }

  draw(e: DwgEntity, ctx: Context) {
    if (this.hidden(e, ctx)) return;
    const { rgb, weightMm, layer } = this.style(e, ctx);
    const m = ctx.m;
    switch (e.type) {
      case 'LINE': {
        const l = e as DwgLineEntity;
        const p = new PathBuilder(m);
        p.moveTo(l.startPoint.x, l.startPoint.y);
        p.lineTo(l.endPoint.x, l.endPoint.y);
        return this.stroke(p, rgb, weightMm);
      }
      case 'CIRCLE': {
        const c = e as DwgCircleEntity;
        if (!(c.radius > 0)) return;
        const p = new PathBuilder(multiply(m, ocs(c.extrusionDirection)));
        p.circleArc(c.center, c.radius, 0, 2 * Math.PI);
        p.close();
        return this.stroke(p, rgb, weightMm);
      }
      case 'ARC': {
        const a = e as DwgArcEntity;
        if (!(a.radius > 0)) return;
        let sweep = a.endAngle - a.startAngle;
        while (sweep <= 0) sweep += 2 * Math.PI;
        const p = new PathBuilder(multiply(m, ocs(a.extrusionDirection)));
        p.circleArc(a.center, a.radius, a.startAngle, sweep);
        return this.stroke(p, rgb, weightMm);
      }
      case 'ELLIPSE': {
        const el = e as DwgEllipseEntity;
        const n = el.extrusionDirection ?? { x: 0, y: 0, z: 1 };
        const u = el.majorAxisEndPoint;
        // The minor axis is normal × major, scaled by the ratio; a plan view keeps x and y.
        const v = { x: el.axisRatio * (n.y * u.z - n.z * u.y), y: el.axisRatio * (n.z * u.x - n.x * u.z) };
        let sweep = el.endAngle - el.startAngle;
        while (sweep <= 1e-12) sweep += 2 * Math.PI;
        const p = new PathBuilder(m);
        p.ellipticArc(el.center, u, v, el.startAngle, sweep, false);
        return this.stroke(p, rgb, weightMm);
      }
      case 'LWPOLYLINE': {
        const pl = e as DwgLWPolylineEntity;
        const p = new PathBuilder(multiply(m, ocs(pl.extrusionDirection, pl.elevation)));
        bulgePath(p, pl.vertices, (pl.flag & 0x200) !== 0);
        return this.stroke(p, rgb, weightMm, pl.constantWidth || undefined);
      }
      case 'POLYLINE2D': {
        const pl = e as DwgPolyline2dEntity;
        const p = new PathBuilder(multiply(m, ocs(pl.extrusionDirection, pl.elevation)));
        bulgePath(p, pl.vertices, (pl.flag & 1) !== 0);
        return this.stroke(p, rgb, weightMm, pl.startWidth || undefined);
      }
      case 'POLYLINE3D': {
        const pl = e as DwgPolyline3dEntity;
        const p = new PathBuilder(m);
        p.polyline(pl.vertices, (pl.flag & 1) !== 0);
        return this.stroke(p, rgb, weightMm);
      }
      case 'SPLINE':
        return this.spline(e as DwgSplineEntity, m, rgb, weightMm);
      case 'SOLID': {
        const s = e as DwgSolidEntity;
        const p = new PathBuilder(multiply(m, ocs(s.extrusionDirection)));
        // A SOLID's corners go 1-2-4-3: the outline zigzags unless drawn in that order.
        p.polyline([s.corner1, s.corner2, s.corner4 ?? s.corner3, s.corner3], true);
        return this.fill(p, rgb);
      }
      case '3DFACE': {
        const f = e as Dwg3dFaceEntity;
        const p = new PathBuilder(m);
        p.polyline([f.corner1, f.corner2, f.corner3, f.corner4 ?? f.corner3], true);
        return this.stroke(p, rgb, weightMm);
      }
      case 'TEXT':
        return this.text(e as unknown as DwgTextBase, m, rgb);
      case 'ATTRIB': {
        const a = e as unknown as { text: DwgTextBase; flags?: number };
        if ((a.flags ?? 0) & 1) return;
        return this.text(a.text, m, rgb);
      }
      case 'MTEXT':
        return this.mtext(e as DwgMTextEntity, m, rgb);
      case 'INSERT':
        return this.insert(e as DwgInsertEntity, ctx, layer, rgb, weightMm);
      case 'DIMENSION':
        return this.dimension(e as DwgDimensionEntity, ctx, layer, rgb, weightMm);
      case 'ACAD_TABLE': {
        // A table draws like a block reference: its anonymous block, at its insertion point and direction.
        const t = e as unknown as { name?: string; blockRecordHandle?: string; startPoint?: Point; directionVector?: Point };
        const name = t.name || (t.blockRecordHandle ? this.doc.blockNameByHandle?.get(t.blockRecordHandle) : undefined);
        const at = t.startPoint ?? { x: 0, y: 0 };
        const dir = t.directionVector && Math.hypot(t.directionVector.x, t.directionVector.y) > 0 ? Math.atan2(t.directionVector.y, t.directionVector.x) : 0;
        if (name) this.block(name, { x: 0, y: 0 }, multiply(multiply(m, translate(at.x, at.y)), rotate(dir)), ctx, layer, rgb, weightMm);
        return;
      }
      case 'HATCH':
        return this.hatch(e as DwgHatchEntity, m, rgb, weightMm);
      case 'LEADER':
        return this.leader(e as DwgLeaderEntity, m, rgb, weightMm);
      case 'MLINE':
        return this.mline(e, m, rgb, weightMm);
      case 'MULTILEADER':
        return this.multileader(e, m, rgb, weightMm);
      case 'XLINE':
      case 'RAY': {
        const r = e as unknown as { firstPoint: Point; unitDirection: Point };
        const origin = apply(m, r.firstPoint.x, r.firstPoint.y);
        const tip = apply(m, r.firstPoint.x + r.unitDirection.x, r.firstPoint.y + r.unitDirection.y);
        const dir = { x: tip.x - origin.x, y: tip.y - origin.y };
        if (Math.hypot(dir.x, dir.y) > 0) this.infinite.push({ origin, dir, both: e.type === 'XLINE', rgb });
        return;
      }
      default:
        // POINT, VIEWPORT, IMAGE, WIPEOUT, OLE frames, ACIS solids, proxies: nothing a plan view shows.
        return;
    }
  }

  private spline(s: DwgSplineEntity, m: Matrix, rgb: number, weightMm?: number) {
    const p = new PathBuilder(m);
    const closed = (s.flag & 1) !== 0;
    const sampled = s.controlPoints?.length ? sampleBSpline(s.degree, s.knots ?? [], s.controlPoints, s.weights) : null;
    if (sampled) p.polyline(sampled);
    else if (s.fitPoints?.length) throughPoints(p, s.fitPoints, closed);
    else if (s.controlPoints?.length) p.polyline(s.controlPoints, closed);
    this.stroke(p, rgb, weightMm);
  }

  /** TEXT and ATTRIB: one line, placed by its justification. */
  private text(t: DwgTextBase, m: Matrix, rgb: number) {
    const text = decodeTextCodes(t.text ?? '').replace(/[\r\n]+/g, ' ');
    if (!text.trim() || !(t.textHeight > 0)) return;
    const size = t.textHeight / CAP_HEIGHT;
    const xScale = t.xScale > 0 ? t.xScale : 1;
    const width = this.measure(text) * size * xScale;
    const h = t.halign ?? 0;
    const v = t.valign ?? 0;
    const ocsM = multiply(m, ocs(t.extrusionDirection));
    let origin = t.startPoint;
    let rotation = t.rotation ?? 0;
    let squeeze = 1;
    if (h === 3 || h === 5) {
      // Aligned and fit: the text runs from the first alignment point to the second.
      const dx = t.endPoint.x - t.startPoint.x;
      const dy = t.endPoint.y - t.startPoint.y;
      const length = Math.hypot(dx, dy);
      if (length > 0 && width > 0) {
        rotation = Math.atan2(dy, dx);
        squeeze = length / width;
      }
    } else if (h !== 0 || v !== 0) origin = t.endPoint;
    const dx = h === 1 || h === 4 ? -width / 2 : h === 2 ? -width : 0;
    const dy = h === 4 || v === 2 ? -t.textHeight / 2 : v === 3 ? -t.textHeight : v === 1 ? DESCENT * size : 0;
    const mirror = scale(t.generationFlag & 2 ? -1 : 1, t.generationFlag & 4 ? -1 : 1);
    const oblique: Matrix = [1, 0, Math.tan(t.obliqueAngle ?? 0), 1, 0, 0];
    const local = [
      translate(origin.x, origin.y),
      rotate(rotation),
      mirror,
      h === 3 ? scale(squeeze, squeeze) : scale(squeeze, 1),
      translate(dx, dy),
      oblique,
      scale(size * xScale, size),
    ].reduce(multiply, ocsM);
    this.pushText(text, local, rgb);
  }

  /** MTEXT: paragraphs, wrapped at the box width, placed by the attachment point. */
  private mtext(t: DwgMTextEntity, m: Matrix, rgb: number) {
    const h = t.textHeight;
    if (!(h > 0)) return;
    const size = h / CAP_HEIGHT;
    const wrapAt = t.rectWidth > 0 ? t.rectWidth : Infinity;
    const lines = mtextParagraphs(t.text ?? '').flatMap((p) => this.wrap(p, size, wrapAt));
    while (lines.length && !lines.at(-1)!.trim()) lines.pop();
    if (!lines.some((l) => l.trim())) return;
    const step = h * (5 / 3) * (t.lineSpacing > 0 ? t.lineSpacing : 1);
    const total = h + (lines.length - 1) * step;
    const attach = t.attachmentPoint >= 1 && t.attachmentPoint <= 9 ? t.attachmentPoint : 1;
    const row = Math.floor((attach - 1) / 3);
    const col = (attach - 1) % 3;
    const top = row === 0 ? 0 : row === 1 ? total / 2 : total;
    const dir = t.direction && Math.hypot(t.direction.x, t.direction.y) > 1e-9 ? Math.atan2(t.direction.y, t.direction.x) : (t.rotation ?? 0);
    const base = multiply(multiply(m, translate(t.insertionPoint.x, t.insertionPoint.y)), rotate(dir));
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      const width = this.measure(line) * size;
      const x = col === 0 ? 0 : col === 1 ? -width / 2 : -width;
      const y = top - h - i * step;
      this.pushText(line, multiply(base, [size, 0, 0, size, x, y]), rgb);
    });
  }

  private wrap(paragraph: string, size: number, width: number): string[] {
    if (!Number.isFinite(width) || this.measure(paragraph) * size <= width) return [paragraph];
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(/(?<= )/)) {
      if (line && this.measure(line + word.trimEnd()) * size > width) {
        lines.push(line.trimEnd());
        line = word;
      } else line += word;
    }
    if (line) lines.push(line.trimEnd());
    return lines;
  }

  private pushText(text: string, matrix: Matrix, rgb: number) {
    if (!isFiniteMatrix(matrix) || scaleOf(matrix) === 0) return;
    this.count(8);
    this.items.push({ kind: 'text', text, matrix, rgb });
  }

  private insert(ins: DwgInsertEntity, ctx: Context, layer: CadLayer | undefined, rgb: number, weightMm?: number) {
    const rows = Math.max(1, ins.rowCount || 1);
    const cols = Math.max(1, ins.columnCount || 1);
    const xs = ins.xScale || 1;
    const ys = ins.yScale || 1;
    const ocsM = multiply(ctx.m, ocs(ins.extrusionDirection));
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const local = [translate(ins.insertionPoint.x, ins.insertionPoint.y), rotate(ins.rotation ?? 0), translate(c * (ins.columnSpacing || 0), r * (ins.rowSpacing || 0)), scale(xs, ys)].reduce(multiply, ocsM);
        this.block(ins.name, undefined, local, ctx, layer, rgb, weightMm);
      }
    }
    // Attribute values are stored where they appear, already transformed.
    for (const a of ins.attribs ?? []) this.draw(a, { ...ctx, layer, rgb, weightMm });
  }

  /** Draws a block definition with `m` (after moving its base point to the origin, unless `basePoint` overrides). */
  private block(name: string, basePoint: Point | undefined, m: Matrix, ctx: Context, layer: CadLayer | undefined, rgb: number, weightMm?: number) {
    const key = name.toUpperCase();
    const block = this.doc.blocks.get(key);
    if (!block || ctx.blocks.length >= MAX_DEPTH || ctx.blocks.includes(key)) return;
    const base = basePoint ?? block.basePoint;
    const inner: Context = { m: multiply(m, translate(-base.x, -base.y)), layer, rgb, weightMm, blocks: [...ctx.blocks, key] };
    for (const e of block.entities) {
      // Attribute definitions are templates; the reference carries the values.
      if (e.type !== 'ATTDEF') this.draw(e, inner);
    }
  }

  /**
   * A dimension's picture is an anonymous block, already in drawing coordinates. Some writers
   * (LibreDWG's DXF among them) leave the text out of it: then the measurement is written where
   * the dimension's text goes, along its dimension line.
   */
  private dimension(d: DwgDimensionEntity, ctx: Context, layer: CadLayer | undefined, rgb: number, weightMm?: number) {
    const block = d.name ? this.doc.blocks.get(d.name.toUpperCase()) : undefined;
    if (block) this.block(d.name, { x: 0, y: 0 }, ctx.m, ctx, layer, rgb, weightMm);
    if (block?.entities.some((e) => e.type === 'TEXT' || e.type === 'MTEXT')) return;
    const measured = d.measurement !== undefined && Number.isFinite(d.measurement) ? formatMeasurement(d.measurement) : '';
    const value = d.text ? d.text.replace('<>', measured) : measured;
    if (!value.trim() || !d.textPoint) return;
    const h = this.doc.dimTextHeight ?? 2.5;
    const size = h / CAP_HEIGHT;
    const text = mtextParagraphs(value).join(' ');
    let angle = d.textRotation || 0;
    const p1 = (d as { subDefinitionPoint1?: Point }).subDefinitionPoint1;
    const p2 = (d as { subDefinitionPoint2?: Point }).subDefinitionPoint2;
    if (!angle && p1 && p2 && (p1.x !== p2.x || p1.y !== p2.y)) angle = Math.atan2(p2.y - p1.y, p2.x - p1.x);
    // Readable from below or from the right, as drafting wants.
    if (angle > Math.PI / 2 + 1e-9) angle -= Math.PI;
    if (angle <= -Math.PI / 2 + 1e-9) angle += Math.PI;
    const width = this.measure(text) * size;
    const local = [translate(d.textPoint.x, d.textPoint.y), rotate(angle), translate(-width / 2, -h / 2), scale(size, size)].reduce(multiply, ctx.m);
    this.pushText(text, local, rgb);
  }

  private hatch(hatch: DwgHatchEntity, m: Matrix, rgb: number, weightMm?: number) {
    // Boundaries and pattern lines live in the hatch's own plane: build and clip there, then transform.
    const boundary = new PathBuilder(IDENTITY);
    for (const path of hatch.boundaryPaths ?? []) {
      if ('vertices' in path && path.vertices) {
        bulgePath(boundary, path.vertices, true);
        continue;
      }
      if (!('edges' in path) || !path.edges) continue;
      path.edges.forEach((edge, i) => hatchEdge(boundary, edge, i > 0));
      boundary.close();
    }
    if (boundary.empty) return;
    const toModel = multiply(m, ocs(hatch.extrusionDirection));
    const solid = hatch.solidFill === 1 || /^SOLID$/i.test(hatch.patternName ?? '') || (hatch as { gradientFlag?: number }).gradientFlag === 1;
    if (solid) {
      const p = new PathBuilder(toModel);
      p.ops.push(...transformOps(boundary.ops, toModel));
      return this.fill(p, rgb);
    }
    const segments = hatchPatternSegments(flatten(boundary.ops, 12), hatch.definitionLines ?? []);
    if (!segments?.length) return;
    const p = new PathBuilder(toModel);
    for (const [a, b] of segments) {
      p.moveTo(a.x, a.y);
      p.lineTo(b.x, b.y);
    }
    this.stroke(p, rgb, weightMm);
  }

  private leader(l: DwgLeaderEntity, m: Matrix, rgb: number, weightMm?: number) {
    const pts = l.vertices ?? [];
    if (pts.length < 2) return;
    const p = new PathBuilder(m);
    if (l.isSpline) throughPoints(p, pts);
    else p.polyline(pts);
    this.stroke(p, rgb, weightMm);
    if (l.isArrowheadEnabled !== false) this.arrowhead(pts[1], pts[0], m, rgb);
  }

  /** A filled arrowhead at `tip`, pointing away from `from`, a sixth of the segment long (at most). */
  private arrowhead(from: Point, tip: Point, m: Matrix, rgb: number, size?: number) {
    const dx = tip.x - from.x;
    const dy = tip.y - from.y;
    const len = Math.hypot(dx, dy);
    if (!(len > 0)) return;
    const s = size ?? len / 6;
    const ux = dx / len;
    const uy = dy / len;
    const p = new PathBuilder(m);
    p.polyline(
      [
        tip,
        { x: tip.x - ux * s - uy * s * 0.3, y: tip.y - uy * s + ux * s * 0.3 },
        { x: tip.x - ux * s + uy * s * 0.3, y: tip.y - uy * s - ux * s * 0.3 },
      ],
      true,
    );
    this.fill(p, rgb);
  }

  /** MLINE: each element line runs through its vertices, offset along the miter by its first segment parameter. */
  private mline(e: DwgEntity, m: Matrix, rgb: number, weightMm?: number) {
    const ml = e as unknown as {
      flags?: number;
      vertices?: Array<{ vertex: Point; miterDirection: Point; lines?: Array<{ segmentParams?: number[] }> }>;
    };
    const vertices = ml.vertices ?? [];
    const elementCount = Math.max(0, ...vertices.map((v) => v.lines?.length ?? 0));
    const closed = ((ml.flags ?? 0) & 2) !== 0;
    for (let k = 0; k < elementCount; k++) {
      const pts = vertices.map((v) => {
        const off = v.lines?.[k]?.segmentParams?.[0] ?? 0;
        return { x: v.vertex.x + v.miterDirection.x * off, y: v.vertex.y + v.miterDirection.y * off };
      });
      const p = new PathBuilder(m);
      p.polyline(pts, closed);
      this.stroke(p, rgb, weightMm);
    }
  }

  /** MULTILEADER: its leader lines, arrowheads and text (the MTEXT content, when it has one). */
  private multileader(e: DwgEntity, m: Matrix, rgb: number, weightMm?: number) {
    const ml = e as unknown as {
      leaderSections?: Array<{ lastLeaderLinePoint?: Point; doglegVector?: Point; doglegLength?: number; leaderLines?: Array<{ vertices?: Point[] }> }>;
      arrowheadSize?: number;
      hasMText?: boolean;
      textContent?: string;
      textAnchor?: Point;
      textHeight?: number;
      textDirection?: Point;
      textAttachmentPoint?: number;
    };
    for (const section of ml.leaderSections ?? []) {
      const landing = section.lastLeaderLinePoint;
      for (const line of section.leaderLines ?? []) {
        const pts = [...(line.vertices ?? []), ...(landing ? [landing] : [])];
        if (pts.length < 2) continue;
        const p = new PathBuilder(m);
        p.polyline(pts);
        this.stroke(p, rgb, weightMm);
        this.arrowhead(pts[1], pts[0], m, rgb, ml.arrowheadSize);
      }
      if (landing && section.doglegVector && section.doglegLength) {
        const p = new PathBuilder(m);
        p.moveTo(landing.x, landing.y);
        p.lineTo(landing.x + section.doglegVector.x * section.doglegLength, landing.y + section.doglegVector.y * section.doglegLength);
        this.stroke(p, rgb, weightMm);
      }
    }
    if (ml.hasMText && ml.textContent && ml.textAnchor && (ml.textHeight ?? 0) > 0) {
      this.mtext(
        {
          text: ml.textContent,
          textHeight: ml.textHeight!,
          insertionPoint: { ...ml.textAnchor, z: 0 },
          rectWidth: 0,
          attachmentPoint: ml.textAttachmentPoint ?? 1,
          direction: { ...(ml.textDirection ?? { x: 1, y: 0 }), z: 0 },
          lineSpacing: 1,
        } as unknown as DwgMTextEntity,
        m,
        rgb,
      );
    }
  }

  finish(): Scene {
    const bounds = drawingExtent(this.items, this.measure);
    if (!bounds) throw new AppError('DRAWING_EMPTY', 'no finite coordinates');
    // Construction lines have no end: draw them across the drawing, a little beyond it.
    const pad = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) * 0.02;
    const box = { minX: bounds.minX - pad, minY: bounds.minY - pad, maxX: bounds.maxX + pad, maxY: bounds.maxY + pad };
    for (const line of this.infinite) {
      const seg = clipLine(line.origin, line.dir, line.both, box);
      if (!seg) continue;
      const p = new PathBuilder(IDENTITY);
      p.moveTo(seg[0].x, seg[0].y);
      p.lineTo(seg[1].x, seg[1].y);
      this.items.push({ kind: 'stroke', ops: p.ops, rgb: line.rgb });
    }
    return { items: this.items, bounds };
  }
}

/**
 * How many entities drawing these would produce with every block reference expanded (arrays of
 * rows and columns included): nested blocks can multiply a small file into billions of lines.
 */
function expandedSize(doc: CadDocument, entities: readonly DwgEntity[]): number {
  const memo = new Map<string, number>();
  const sizeOf = (list: readonly DwgEntity[], stack: readonly string[]): number => {
    let total = 0;
    for (const e of list) {
      const name = e.type === 'INSERT' || e.type === 'DIMENSION' ? (e as { name?: string }).name?.toUpperCase() : undefined;
      const block = name ? doc.blocks.get(name) : undefined;
      if (!name || !block) {
        total += 1;
        continue;
      }
      if (stack.includes(name)) continue;
      if (!memo.has(name)) memo.set(name, sizeOf(block.entities, [...stack, name]));
      const ins = e as Partial<DwgInsertEntity>;
      total += 1 + memo.get(name)! * Math.max(1, ins.rowCount || 1) * Math.max(1, ins.columnCount || 1);
      if (total > MAX_EXPANDED_ENTITIES) return total;
    }
    return total;
  };
  return sizeOf(entities, []);
}

function bulgePath(p: PathBuilder, vertices: ReadonlyArray<{ x: number; y: number; bulge?: number }>, closed: boolean) {
  if (!vertices?.length) return;
  p.moveTo(vertices[0].x, vertices[0].y);
  const n = vertices.length;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const a = vertices[i];
    const b = vertices[(i + 1) % n];
    p.bulgeTo(a, b, a.bulge ?? 0);
  }
  if (closed) p.close();
}

function formatMeasurement(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
}

type HatchEdge = NonNullable<Extract<DwgHatchEntity['boundaryPaths'][number], { edges: unknown }>['edges']>[number];

/** One edge of a hatch boundary path: line, circular arc, elliptic arc or spline. */
function hatchEdge(p: PathBuilder, edge: HatchEdge, join: boolean) {
  if (edge.type === 1 && 'start' in edge) {
    if (join) p.lineTo(edge.start.x, edge.start.y);
    else p.moveTo(edge.start.x, edge.start.y);
    p.lineTo(edge.end.x, edge.end.y);
  } else if (edge.type === 2 && 'radius' in edge) {
    let sweep = edge.endAngle - edge.startAngle;
    while (sweep <= 0) sweep += 2 * Math.PI;
    sweep = Math.min(sweep, 2 * Math.PI);
    // Clockwise edges store their angles mirrored.
    if (edge.isCCW !== false) p.circleArc(edge.center, edge.radius, edge.startAngle, sweep, join);
    else p.circleArc(edge.center, edge.radius, -edge.startAngle, -sweep, join);
  } else if (edge.type === 3 && 'lengthOfMinorAxis' in edge) {
    const u = edge.end;
    const v = { x: -u.y * edge.lengthOfMinorAxis, y: u.x * edge.lengthOfMinorAxis };
    let sweep = edge.endAngle - edge.startAngle;
    while (sweep <= 0) sweep += 2 * Math.PI;
    if (edge.isCCW !== false) p.ellipticArc(edge.center, u, v, edge.startAngle, sweep, join);
    else p.ellipticArc(edge.center, u, v, -edge.startAngle, -sweep, join);
  } else if (edge.type === 4 && 'controlPoints' in edge) {
    const weights = edge.controlPoints.every((c) => c.weight !== undefined) ? edge.controlPoints.map((c) => c.weight!) : undefined;
    const pts = sampleBSpline(edge.degree, edge.knots, edge.controlPoints, weights) ?? edge.controlPoints;
    pts.forEach((pt, i) => (i === 0 && !join ? p.moveTo(pt.x, pt.y) : p.lineTo(pt.x, pt.y)));
  }
}

/**
 * The extent of everything drawn. Curves count by their control points (slightly generous), text
 * by its box. Far-away strays (a point left at 1e20) would shrink the drawing to a dot, so
 * coordinates beyond 1e12 are ignored.
 */
export function boundsOf(items: readonly SceneItem[], measure: Measure): Bounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number) => {
    if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 1e12 || Math.abs(y) > 1e12) return;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  for (const item of items) {
    if (item.kind === 'text') {
      const w = measure(item.text);
      for (const [x, y] of [[0, -DESCENT], [w, -DESCENT], [0, CAP_HEIGHT], [w, CAP_HEIGHT]]) {
        const p = apply(item.matrix, x, y);
        add(p.x, p.y);
      }
      continue;
    }
    const ops = item.ops;
    for (let i = 0; i < ops.length; ) {
      const op = ops[i];
      if (op === MOVE || op === LINE) {
        add(ops[i + 1], ops[i + 2]);
        i += 3;
      } else if (op === CURVE) {
        add(ops[i + 1], ops[i + 2]);
        add(ops[i + 3], ops[i + 4]);
        add(ops[i + 5], ops[i + 6]);
        i += 7;
      } else if (op === CLOSE) i += 1;
      else break;
    }
  }
  if (!(maxX >= minX && maxY >= minY)) return null;
  return { minX, minY, maxX, maxY };
}

/**
 * The extent to fit on the page. Usually that of everything drawn; but when a few items lie
 * very far from the rest (a block inserted at a scale of thousands, a stray line at 1e6), fitting
 * them would shrink the actual drawing to a speck. Items entirely outside three times the core
 * of the drawing (the middle 90 % of item edges) are left out of the extent when they are fewer
 * than a tenth of all items; they still go on the page, clipped at its edges.
 */
function drawingExtent(items: readonly SceneItem[], measure: Measure): Bounds | null {
  const boxes = items.map((item) => boundsOf([item], measure)).filter((b): b is Bounds => b !== null);
  const all = boundsOf(items, measure);
  if (!all || boxes.length < 10) return all;
  const quantile = (values: number[], q: number) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
  const core = {
    minX: quantile(boxes.map((b) => b.minX), 0.05),
    minY: quantile(boxes.map((b) => b.minY), 0.05),
    maxX: quantile(boxes.map((b) => b.maxX), 0.95),
    maxY: quantile(boxes.map((b) => b.maxY), 0.95),
  };
  const size = Math.max(core.maxX - core.minX, core.maxY - core.minY);
  if (!(size > 0)) return all;
  const limit = { minX: core.minX - size, minY: core.minY - size, maxX: core.maxX + size, maxY: core.maxY + size };
  const inside = boxes.filter((b) => b.minX >= limit.minX && b.minY >= limit.minY && b.maxX <= limit.maxX && b.maxY <= limit.maxY);
  if (inside.length === boxes.length || inside.length < boxes.length * 0.9) return all;
  return inside.reduce((u, b) => ({
    minX: Math.min(u.minX, b.minX),
    minY: Math.min(u.minY, b.minY),
    maxX: Math.max(u.maxX, b.maxX),
    maxY: Math.max(u.maxY, b.maxY),
  }));
}

/** The part of a ray (or of a line infinite both ways) inside the box (Liang–Barsky). */
function clipLine(o: Point, d: Point, both: boolean, box: Bounds): [Point, Point] | null {
  let t0 = both ? -Infinity : 0;
  let t1 = Infinity;
  const edges: Array<[number, number]> = [
    [-d.x, o.x - box.minX],
    [d.x, box.maxX - o.x],
    [-d.y, o.y - box.minY],
    [d.y, box.maxY - o.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  if (!(t0 < t1) || !Number.isFinite(t0) || !Number.isFinite(t1)) return null;
  return [
    { x: o.x + d.x * t0, y: o.y + d.y * t0 },
    { x: o.x + d.x * t1, y: o.y + d.y * t1 },
  ];
}
