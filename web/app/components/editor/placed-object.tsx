import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { clampRect, type EditorObject } from './document-model';
import { ObjectView } from './object-view';
import type { Rect } from './operations';

type Grip = 'move' | 'nw' | 'ne' | 'sw' | 'se';
const CORNERS: Grip[] = ['nw', 'ne', 'sw', 'se'];

/** The rect after dragging `grip` by (dx, dy) page fractions. */
function dragged([x, y, w, h]: Rect, grip: Grip, dx: number, dy: number): Rect {
  if (grip === 'move') return [Math.min(1 - w, Math.max(0, x + dx)), Math.min(1 - h, Math.max(0, y + dy)), w, h];
  const left = grip === 'nw' || grip === 'sw' ? x + dx : x;
  const right = grip === 'ne' || grip === 'se' ? x + w + dx : x + w;
  const top = grip === 'nw' || grip === 'ne' ? y + dy : y;
  const bottom = grip === 'sw' || grip === 'se' ? y + h + dy : y + h;
  return clampRect([left, top, right - left, bottom - top]);
}

const TYPED = new Set(['text', 'replaceText', 'note', 'freeText']);

interface PlacedObjectProps {
  object: EditorObject;
  selected: boolean;
  interactive: boolean;
  overlay: RefObject<HTMLDivElement | null>;
  ptToPx: number;
  today: string;
  onSelect: () => void;
  onPlace: (rect: Rect) => void;
  onText: (text: string) => void;
}

/** One placed object: selected by a click or a tap, moved by its body, resized by its corners, typed into when it holds text. */
export function PlacedObject({ object, selected, interactive, overlay, ptToPx, today, onSelect, onPlace, onText }: PlacedObjectProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Rect | null>(null);
  const drag = useRef<{ grip: Grip; x: number; y: number; rect: Rect; moved: boolean } | null>(null);
  const { op } = object;
  const typed = TYPED.has(op.type);
  const text = 'text' in op && typeof op.text === 'string' ? op.text : '';
  const [draft, setDraft] = useState(text);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => setDraft(text), [text]);
  useEffect(() => {
    if (selected && typed) area.current?.focus({ preventScroll: true });
  }, [selected, typed]);

  const start = (grip: Grip) => (e: ReactPointerEvent) => {
    if (!interactive || e.button > 0) return;
    e.stopPropagation();
    onSelect();
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    drag.current = { grip, x: e.clientX, y: e.clientY, rect: op.rect, moved: false };
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    const box = overlay.current?.getBoundingClientRect();
    if (!d || !box) return;
    const dx = (e.clientX - d.x) / box.width;
    const dy = (e.clientY - d.y) / box.height;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 3) return;
    d.moved = true;
    setPreview(dragged(d.rect, d.grip, dx, dy));
  };
  const end = () => {
    if (drag.current?.moved && preview) onPlace(preview);
    drag.current = null;
    setPreview(null);
  };

  const [x, y, w, h] = preview ?? op.rect;
  const commit = () => {
    if (draft !== text) onText(draft);
  };

  return (
    <div
      className={`editor-object editor-object--${op.type}${selected ? ' is-selected' : ''}${interactive ? ' is-interactive' : ''}`}
      style={{ left: `${x * 100}%`, top: `${y * 100}%`, width: `${w * 100}%`, height: `${h * 100}%` }}
      data-object={op.type}
      onPointerDown={start('move')}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      <ObjectView object={object} ptToPx={ptToPx} today={today} />
      {selected && typed && (
        <textarea
          ref={area}
          className={`editor-object__input${op.type === 'note' ? ' editor-object__input--note' : ''}`}
          aria-label={t(op.type === 'note' ? 'editor.object.noteText' : 'editor.object.text')}
          value={draft}
          placeholder={t('editor.object.placeholder')}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onPointerDown={(e) => e.stopPropagation()}
          style={op.type === 'note' ? undefined : { fontSize: ('size' in op && op.size ? op.size : 12) * ptToPx }}
        />
      )}
      {selected &&
        interactive &&
        CORNERS.map((grip) => (
          <span key={grip} className={`editor-handle editor-handle--${grip}`} onPointerDown={start(grip)} onPointerMove={move} onPointerUp={end} onPointerCancel={end} aria-hidden="true" />
        ))}
      {selected && typed && interactive && (
        <span className="editor-handle editor-handle--grip" title={t('editor.object.move')} onPointerDown={start('move')} onPointerMove={move} onPointerUp={end} onPointerCancel={end} aria-hidden="true" />
      )}
    </div>
  );
}
