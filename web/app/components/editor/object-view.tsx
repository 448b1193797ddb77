import type { CSSProperties } from 'react';
import type { EditorObject } from './document-model';
import type { Point } from './operations';

const FONT_STACK = { sans: 'Helvetica, Arial, sans-serif', serif: 'Times New Roman, Times, serif', mono: 'Courier New, Courier, monospace' } as const;
/** A handwriting look for typed signatures, from the fonts the device has: nothing downloads at run time. */
export const SCRIPT_FONT = "'Segoe Script', 'Brush Script MT', 'Apple Chancery', 'URW Chancery L', cursive";

/** Strokes (fractions of a box) as one SVG path in a 0–100 box. */
export const strokesPath = (strokes: readonly Point[][]) =>
  strokes
    .filter((s) => s.length > 0)
    .map((s) => s.map(([x, y], i) => `${i ? 'L' : 'M'}${(x * 100).toFixed(2)} ${(y * 100).toFixed(2)}`).join(' ') + (s.length === 1 ? ' l0.1 0' : ''))
    .join(' ');

/**
 * How an object looks on the page, at any zoom: sizes in points become pixels through `ptToPx`
 * (the page's displayed width over its width in points).
 */
export function ObjectView({ object, ptToPx, today }: { object: EditorObject; ptToPx: number; today: string }) {
  const { op } = object;
  const [, , w, h] = op.rect;
  switch (op.type) {
    case 'text': {
      const style: CSSProperties = {
        fontFamily: FONT_STACK[op.font],
        fontSize: op.size * ptToPx,
        color: op.color,
        fontWeight: op.bold ? 700 : 400,
        fontStyle: op.italic ? 'italic' : 'normal',
        textAlign: op.align,
      };
      return (
        <div className="editor-object__text" style={style}>
          {op.text}
        </div>
      );
    }
    case 'replaceText':
      return (
        <div className="editor-object__text editor-object__text--replace" style={{ fontSize: (op.size ?? 12) * ptToPx, color: op.color ?? '#000000' }}>
          {op.text}
        </div>
      );
    case 'whiteout':
      return <div className="editor-object__fill" style={{ background: op.color ?? '#ffffff' }} />;
    case 'image':
      return <img className="editor-object__image" src={object.src} alt="" draggable={false} style={{ transform: `rotate(${op.rotation}deg)` }} />;
    case 'shape': {
      const stroke = Math.max(1, op.width * ptToPx);
      return (
        <svg className="editor-object__svg" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
          <defs>
            <marker id={`arrow-${object.id}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
              <path d="M0 0 L10 5 L0 10 z" fill={op.stroke} />
            </marker>
          </defs>
          {op.shape === 'rect' && <rect x="0" y="0" width="100" height="100" fill={op.fill ?? 'none'} stroke={op.stroke} strokeWidth={stroke} vectorEffect="non-scaling-stroke" />}
          {op.shape === 'ellipse' && <ellipse cx="50" cy="50" rx="50" ry="50" fill={op.fill ?? 'none'} stroke={op.stroke} strokeWidth={stroke} vectorEffect="non-scaling-stroke" />}
          {(op.shape === 'line' || op.shape === 'arrow') && (
            <line
              x1="0"
              y1={op.flip ? 100 : 0}
              x2="100"
              y2={op.flip ? 0 : 100}
              stroke={op.stroke}
              strokeWidth={stroke}
              vectorEffect="non-scaling-stroke"
              markerEnd={op.shape === 'arrow' ? `url(#arrow-${object.id})` : undefined}
            />
          )}
        </svg>
      );
    }
    case 'ink': {
      // The strokes are page fractions: draw them relative to the object's own box.
      const [x, y] = op.rect;
      const local = op.strokes.map((s) => s.map(([px, py]) => [w ? (px - x) / w : 0, h ? (py - y) / h : 0] as Point));
      return (
        <svg className="editor-object__svg" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
          <path d={strokesPath(local)} fill="none" stroke={op.color} strokeWidth={Math.max(1, op.width * ptToPx)} strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </svg>
      );
    }
    case 'highlight':
    case 'underline':
    case 'strikeout': {
      const [x, y] = op.rect;
      return (
        <>
          {op.rects.map(([rx, ry, rw, rh], i) => (
            <span
              key={i}
              className={`editor-object__mark editor-object__mark--${op.type}`}
              style={{ left: `${((rx - x) / w) * 100}%`, top: `${((ry - y) / h) * 100}%`, width: `${(rw / w) * 100}%`, height: `${(rh / h) * 100}%`, ['--mark' as string]: op.color }}
            />
          ))}
        </>
      );
    }
    case 'note':
      return (
        <div className="editor-object__note" style={{ background: op.color }} title={op.text}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 4h16v12H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
        </div>
      );
    case 'freeText':
      return (
        <div className="editor-object__text" style={{ fontSize: op.size * ptToPx, color: op.color }}>
          {op.text}
        </div>
      );
    case 'signature':
      if (op.kind === 'draw')
        return (
          <svg className="editor-object__svg" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            <path d={strokesPath(op.strokes ?? [])} fill="none" stroke={op.color ?? '#1a237e'} strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          </svg>
        );
      if (op.kind === 'type')
        return (
          <div className="editor-object__signature-text" style={{ fontFamily: SCRIPT_FONT, color: op.color ?? '#1a237e' }}>
            {op.text}
          </div>
        );
      return <img className="editor-object__image" src={object.src} alt="" draggable={false} />;
    case 'stamp':
      return <div className="editor-object__stamp">{op.stamp === 'check' ? '✓' : op.stamp === 'date' ? (op.text ?? today) : op.text}</div>;
    default:
      return null;
  }
}
