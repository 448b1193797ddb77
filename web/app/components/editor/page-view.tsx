import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorObject } from './document-model';
import { DRAGGED, type ToolName } from './editor-tools';
import { FormFields, type FieldValue } from './form-fields';
import type { Point, Rect } from './operations';
import { PlacedObject } from './placed-object';
import { useNearPages } from './use-near-pages';
import type { PdfField } from './page-fields';
import type { PdfPage } from './use-pdf';
import type { TextLine } from './text-lines';

/** A click without a drag: the box each tool gives, in page fractions (width; height follows the page's proportions). */
const CLICK_SIZE: Partial<Record<ToolName, [number, number]>> = {
  text: [0.35, 0.035],
  whiteout: [0.2, 0.03],
  rect: [0.2, 0.1],
  ellipse: [0.2, 0.1],
  line: [0.2, 0.1],
  arrow: [0.2, 0.1],
  note: [0.035, 0.025],
};

interface PageViewProps {
  page: PdfPage;
  index: number;
  scale: number;
  tool: ToolName;
  objects: readonly EditorObject[];
  selectedId: string | null;
  deleted: boolean;
  rotation: number;
  today: string;
  onSelect: (id: string | null) => void;
  /** A click or drag with a placing tool: the rect in page fractions; `points` for ink. */
  onPlace: (page: number, rect: Rect, extra: { points?: Point[]; from: Point; to: Point; lines: readonly TextLine[]; flip: boolean }) => void;
  onEditLine: (page: number, line: TextLine) => void;
  onMove: (id: string, rect: Rect) => void;
  onText: (id: string, text: string) => void;
  /** The values given to the PDF's form fields, by name. */
  fieldValues: ReadonlyMap<string, FieldValue>;
  onField: (page: number, field: PdfField, value: FieldValue) => void;
}

/** One page: its picture (rendered only near the viewport), its text lines for the edit tool, and its objects. */
export function PageView({ page, index, scale, tool, objects, selectedId, deleted, rotation, today, onSelect, onPlace, onEditLine, onMove, onText, fieldValues, onField }: PageViewProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearPages(frame);
  const [lines, setLines] = useState<readonly TextLine[]>([]);
  const [draft, setDraft] = useState<{ from: Point; to: Point; points: Point[] } | null>(null);
  const width = page.width * scale;
  const height = page.height * scale;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    if (near) return page.render(el, scale);
    // A page far from the view gives its pixels back.
    el.width = 0;
    el.height = 0;
  }, [near, page, scale]);

  const needsLines = tool === 'editText' || tool === 'highlight' || tool === 'underline' || tool === 'strikeout';
  useEffect(() => {
    if (!near || !needsLines || lines.length) return;
    let live = true;
    page.textLines().then((found) => live && setLines(found), () => undefined);
    return () => {
      live = false;
    };
  }, [near, needsLines, page, lines.length]);

  const at = (e: ReactPointerEvent): Point => {
    const box = overlay.current!.getBoundingClientRect();
    return [Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)), Math.min(1, Math.max(0, (e.clientY - box.top) / box.height))];
  };

  const placing = tool !== 'select' && tool !== 'editText';
  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button > 0) return;
    if (!placing) {
      if (e.target === e.currentTarget) onSelect(null);
      return;
    }
    // A second finger down means a pinch (the workspace zooms): the first finger's drawing stops.
    if (draft) {
      setDraft(null);
      return;
    }
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    setDraft({ from: p, to: p, points: [p] });
  };
  const move = (e: ReactPointerEvent) => {
    if (!draft || !e.isPrimary) return;
    const p = at(e);
    setDraft({ ...draft, to: p, points: tool === 'ink' ? [...draft.points, p] : draft.points });
  };
  const up = (e: ReactPointerEvent) => {
    if (!draft || !e.isPrimary) return;
    setDraft(null);
    finish(draft);
  };
  const finish = ({ from, to, points }: { from: Point; to: Point; points: Point[] }) => {
    const aspect = page.width / page.height;
    const dragW = Math.abs(to[0] - from[0]);
    const dragH = Math.abs(to[1] - from[1]);
    let rect: Rect = [Math.min(from[0], to[0]), Math.min(from[1], to[1]), dragW, dragH];
    if (tool === 'ink') {
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      rect = [Math.min(...xs), Math.min(...ys), Math.max(0.002, Math.max(...xs) - Math.min(...xs)), Math.max(0.002, Math.max(...ys) - Math.min(...ys))];
    } else if (dragW < 0.01 && dragH < 0.01) {
      const size = CLICK_SIZE[tool];
      // Signatures and stamps are centred on the click; the rest grow from it.
      rect = size ? [from[0], from[1], size[0], tool === 'note' ? size[0] * aspect : size[1]] : [from[0], from[1], 0, 0];
      if (!size && DRAGGED.has(tool)) return;
    }
    // A line dragged up and to the right (or down and to the left) runs bottom-left to top-right.
    onPlace(index + 1, rect, { points, from, to, lines, flip: (to[0] - from[0]) * (to[1] - from[1]) < 0 });
  };

  const ptToPx = scale;
  const draftRect = draft && tool !== 'ink' ? [Math.min(draft.from[0], draft.to[0]), Math.min(draft.from[1], draft.to[1]), Math.abs(draft.to[0] - draft.from[0]), Math.abs(draft.to[1] - draft.from[1])] : null;

  return (
    <div className={`editor-page${deleted ? ' is-deleted' : ''}`} ref={frame} style={{ width, height }} data-page={index + 1} aria-label={t('editor.page.label', { n: index + 1 })} role="group">
      <canvas ref={canvas} className="editor-page__canvas" aria-hidden="true" />
      <div
        ref={overlay}
        className={`editor-page__overlay editor-page__overlay--${tool}`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => setDraft(null)}
        // The keyboard places too: Enter puts the tool's object in the middle of the page.
        tabIndex={placing && tool !== 'ink' ? 0 : undefined}
        role={placing && tool !== 'ink' ? 'button' : undefined}
        aria-label={placing && tool !== 'ink' ? t('editor.page.place', { tool: t(`editor.tools.${tool}`), n: index + 1 }) : undefined}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget || e.key !== 'Enter' || !placing || tool === 'ink') return;
          e.preventDefault();
          finish({ from: [0.4, 0.45], to: [0.4, 0.45], points: [] });
        }}
      >
        {tool === 'editText' &&
          lines.map((line, i) => (
            <button
              key={i}
              type="button"
              className="editor-line"
              style={{ left: `${line.rect[0] * 100}%`, top: `${line.rect[1] * 100}%`, width: `${line.rect[2] * 100}%`, height: `${line.rect[3] * 100}%` }}
              aria-label={t('editor.line.edit', { text: line.text })}
              onClick={() => onEditLine(index + 1, line)}
            />
          ))}
        {objects.filter((object) => object.op.type !== 'field').map((object) => (
          <PlacedObject
            key={object.id}
            object={object}
            selected={object.id === selectedId}
            interactive={tool === 'select' || tool === 'editText'}
            overlay={overlay}
            ptToPx={ptToPx}
            today={today}
            onSelect={() => onSelect(object.id)}
            onPlace={(rect) => onMove(object.id, rect)}
            onText={(text) => onText(object.id, text)}
          />
        ))}
        {draftRect && <div className="editor-draft" style={{ left: `${draftRect[0] * 100}%`, top: `${draftRect[1] * 100}%`, width: `${draftRect[2] * 100}%`, height: `${draftRect[3] * 100}%` }} />}
        {draft && tool === 'ink' && (
          <svg className="editor-draft-ink" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            <polyline points={draft.points.map(([x, y]) => `${x * 100},${y * 100}`).join(' ')} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
          </svg>
        )}
      </div>
      <FormFields page={page} near={near} values={fieldValues} active={tool !== 'ink'} onChange={(field, value) => onField(index + 1, field, value)} />
      {(deleted || rotation > 0) && <p className="editor-page__badge">{deleted ? t('editor.page.deleted') : t('editor.page.rotated', { angle: rotation })}</p>}
    </div>
  );
}
