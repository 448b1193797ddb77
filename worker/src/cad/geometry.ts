/** 2D geometry for drawing CAD entities: affine matrices, paths with Bézier arcs, splines. */

export interface Point {
  x: number;
  y: number;
}

/** [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f (the PDF and SVG convention). */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m·n: apply n first, then m. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export const translate = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
export const scale = (sx: number, sy: number): Matrix => [sx, 0, 0, sy, 0, 0];
export const rotate = (radians: number): Matrix => {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  return [c, s, -s, c, 0, 0];
};

export function apply(m: Matrix, x: number, y: number): Point {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/** How much the matrix scales lengths, on average over directions. */
export const scaleOf = (m: Matrix) => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));

export const isFiniteMatrix = (m: Matrix) => m.every(Number.isFinite);

/**
 * The object coordinate system of a planar entity with normal `n`, seen from above: AutoCAD's
 * arbitrary axis algorithm, keeping x and y of the result (a plan view drops z). A normal of
 * (0,0,-1) mirrors x, which is how mirrored arcs and circles are stored.
 */
export function ocs(n: { x: number; y: number; z: number } | undefined, elevation = 0): Matrix {
  if (!n) return IDENTITY;
  const len = Math.hypot(n.x, n.y, n.z);
  if (!(len > 1e-12)) return IDENTITY;
  const N = { x: n.x / len, y: n.y / len, z: n.z / len };
  if (Math.abs(N.z - 1) < 1e-12) return IDENTITY;
  const W = Math.abs(N.x) < 1 / 64 && Math.abs(N.y) < 1 / 64 ? { x: 0, y: 1, z: 0 } : { x: 0, y: 0, z: 1 };
  const ax = normalize(cross(W, N));
  const ay = cross(N, ax);
  return [ax.x, ax.y, ay.x, ay.y, N.x * elevation, N.y * elevation];
}

type V3 = { x: number; y: number; z: number };
const cross = (a: V3, b: V3): V3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const normalize = (v: V3): V3 => {
  const l = Math.hypot(v.x, v.y, v.z) || 1;
  return { x: v.x / l, y: v.y / l, z: v.z / l };
};

/** Path operators in a flat number array: op code then its coordinates. */
export const MOVE = 0;
export const LINE = 1;
export const CURVE = 2;
export const CLOSE = 3;

/**
 * Builds a path in model coordinates through a transform. Arcs become cubic Béziers (at most a
 * quarter turn each), which stay exact under any affine transform and keep the PDF vector and small.
 */
export class PathBuilder {
  readonly ops: number[] = [];
  private started = false;
  constructor(private readonly m: Matrix) {}

  get empty() {
    return this.ops.length === 0;
  }

  moveTo(x: number, y: number) {
    const p = apply(this.m, x, y);
    this.ops.push(MOVE, p.x, p.y);
    this.started = true;
  }

  lineTo(x: number, y: number) {
    if (!this.started) return this.moveTo(x, y);
    const p = apply(this.m, x, y);
    this.ops.push(LINE, p.x, p.y);
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number) {
    const a = apply(this.m, x1, y1);
    const b = apply(this.m, x2, y2);
    const c = apply(this.m, x, y);
    this.ops.push(CURVE, a.x, a.y, b.x, b.y, c.x, c.y);
  }

  close() {
    if (this.started) this.ops.push(CLOSE);
    this.started = false;
  }

  polyline(points: readonly Point[], closed = false) {
    points.forEach((p, i) => (i === 0 ? this.moveTo(p.x, p.y) : this.lineTo(p.x, p.y)));
    if (closed) this.close();
  }

  /**
   * An elliptical arc c + u·cos t + v·sin t for t from t0 sweeping `sweep` radians (negative =
   * clockwise); a circle when u and v are perpendicular and of equal length.
   */
  ellipticArc(c: Point, u: Point, v: Point, t0: number, sweep: number, join: boolean) {
    const at = (t: number) => ({ x: c.x + u.x * Math.cos(t) + v.x * Math.sin(t), y: c.y + u.y * Math.cos(t) + v.y * Math.sin(t) });
    const tangent = (t: number) => ({ x: -u.x * Math.sin(t) + v.x * Math.cos(t), y: -u.y * Math.sin(t) + v.y * Math.cos(t) });
    const start = at(t0);
    if (join) this.lineTo(start.x, start.y);
    else this.moveTo(start.x, start.y);
    const parts = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
    const step = sweep / parts;
    const k = (4 / 3) * Math.tan(step / 4);
    for (let i = 0; i < parts; i++) {
      const a = t0 + i * step;
      const b = a + step;
      const p0 = at(a);
      const p3 = at(b);
      const d0 = tangent(a);
      const d3 = tangent(b);
      this.curveTo(p0.x + k * d0.x, p0.y + k * d0.y, p3.x - k * d3.x, p3.y - k * d3.y, p3.x, p3.y);
    }
  }

  circleArc(c: Point, r: number, a0: number, sweep: number, join = false) {
    this.ellipticArc(c, { x: r, y: 0 }, { x: 0, y: r }, a0, sweep, join);
  }

  /** A polyline segment from p1 to p2 with AutoCAD's bulge (tan of a quarter of the arc's angle). */
  bulgeTo(p1: Point, p2: Point, bulge: number) {
    if (!bulge || Math.abs(bulge) < 1e-9 || (p1.x === p2.x && p1.y === p2.y)) return this.lineTo(p2.x, p2.y);
    const theta = 4 * Math.atan(bulge);
    const mx = (p1.x + p2.x) / 2;
    const my = (p1.y + p2.y) / 2;
    const f = (1 - bulge * bulge) / (4 * bulge);
    const c = { x: mx - f * (p2.y - p1.y), y: my + f * (p2.x - p1.x) };
    const r = Math.hypot(p1.x - c.x, p1.y - c.y);
    this.circleArc(c, r, Math.atan2(p1.y - c.y, p1.x - c.x), theta, true);
  }
}

/** The path's operators with every coordinate transformed. */
export function transformOps(ops: readonly number[], m: Matrix): number[] {
  const out: number[] = [];
  for (let i = 0; i < ops.length; ) {
    const op = ops[i];
    const n = op === MOVE || op === LINE ? 1 : op === CURVE ? 3 : 0;
    out.push(op);
    for (let k = 0; k < n; k++) {
      const p = apply(m, ops[i + 1 + 2 * k], ops[i + 2 + 2 * k]);
      out.push(p.x, p.y);
    }
    i += 1 + 2 * n;
  }
  return out;
}

/** Points of a path with its curves flattened into `perCurve` segments each (for hatch clipping). */
export function flatten(ops: readonly number[], perCurve = 8): Point[][] {
  const rings: Point[][] = [];
  let ring: Point[] = [];
  for (let i = 0; i < ops.length; ) {
    const op = ops[i];
    if (op === MOVE) {
      if (ring.length > 1) rings.push(ring);
      ring = [{ x: ops[i + 1], y: ops[i + 2] }];
      i += 3;
    } else if (op === LINE) {
      ring.push({ x: ops[i + 1], y: ops[i + 2] });
      i += 3;
    } else if (op === CURVE) {
      const p0 = ring.at(-1) ?? { x: ops[i + 1], y: ops[i + 2] };
      for (let s = 1; s <= perCurve; s++) {
        const t = s / perCurve;
        const u = 1 - t;
        ring.push({
          x: u * u * u * p0.x + 3 * u * u * t * ops[i + 1] + 3 * u * t * t * ops[i + 3] + t * t * t * ops[i + 5],
          y: u * u * u * p0.y + 3 * u * u * t * ops[i + 2] + 3 * u * t * t * ops[i + 4] + t * t * t * ops[i + 6],
        });
      }
      i += 7;
    } else {
      if (ring.length > 1) rings.push(ring);
      ring = ring.length ? [ring[0]] : [];
      i += 1;
    }
  }
  if (ring.length > 1) rings.push(ring);
  return rings;
}

/**
 * Samples a (rational) B-spline by de Boor's algorithm. Knots that do not fit the control
 * points give null, and the caller falls back to the fit points.
 */
export function sampleBSpline(degree: number, knots: readonly number[], control: readonly Point[], weights?: readonly number[], perSpan = 16): Point[] | null {
  const n = control.length;
  if (degree < 1 || n <= degree || knots.length !== n + degree + 1) return null;
  const w = weights && weights.length === n ? weights : null;
  const lo = knots[degree];
  const hi = knots[n];
  if (!(hi > lo)) return null;
  const spans = n - degree;
  const samples = Math.min(4000, Math.max(2, spans * perSpan));
  const out: Point[] = [];
  for (let s = 0; s <= samples; s++) {
    const t = lo + ((hi - lo) * s) / samples;
    let k = degree;
    while (k < n - 1 && t >= knots[k + 1]) k++;
    const d: Array<{ x: number; y: number; w: number }> = [];
    for (let j = 0; j <= degree; j++) {
      const p = control[k - degree + j];
      const wj = w ? w[k - degree + j] : 1;
      d.push({ x: p.x * wj, y: p.y * wj, w: wj });
    }
    for (let r = 1; r <= degree; r++) {
      for (let j = degree; j >= r; j--) {
        const i = k - degree + j;
        const denom = knots[i + degree - r + 1] - knots[i];
        const alpha = denom === 0 ? 0 : (t - knots[i]) / denom;
        d[j] = { x: (1 - alpha) * d[j - 1].x + alpha * d[j].x, y: (1 - alpha) * d[j - 1].y + alpha * d[j].y, w: (1 - alpha) * d[j - 1].w + alpha * d[j].w };
      }
    }
    const p = d[degree];
    if (!(p.w !== 0)) return null;
    out.push({ x: p.x / p.w, y: p.y / p.w });
  }
  return out;
}

/** A smooth curve through points (Catmull-Rom as cubic Béziers), for splines given by fit points. */
export function throughPoints(path: PathBuilder, pts: readonly Point[], closed = false) {
  if (pts.length < 3) return path.polyline(pts, closed);
  const n = pts.length;
  const at = (i: number) => (closed ? pts[(i + n) % n] : pts[Math.max(0, Math.min(n - 1, i))]);
  path.moveTo(pts[0].x, pts[0].y);
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    path.curveTo(p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6, p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6, p2.x, p2.y);
  }
  if (closed) path.close();
}
