import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { boxBetween, moveBox, resizeBox, type CropBox } from '~/lib/crop-box';

interface CropCanvasProps {
  image: string;
  /** Width ÷ height of the page as shown. */
  ratio: number;
  box: CropBox;
  onChange: (box: CropBox) => void;
  label: string;
  describedBy?: string;
}

/** Arrow steps: a small one, and a large one with Ctrl or Cmd; fractions of the page. */
const STEP = 0.005;
const BIG_STEP = 0.05;

type Drag = { kind: 'draw'; fx: number; fy: number } | { kind: 'move'; fx: number; fy: number; from: CropBox } | { kind: 'resize'; from: CropBox; fx: number; fy: number };

/**
 * The page with the box to keep drawn over it. Mouse or touch: drag on the page to draw a box (from
 * anywhere while the box is the whole page), drag the box to move it, drag its corner to resize it. Keyboard, on the focused box: arrows move it,
 * Shift+arrows move its right and bottom edges, Ctrl or Cmd takes bigger steps.
 */
export function CropCanvas({ image, ratio, box, onChange, label, describedBy }: CropCanvasProps) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const at = (e: PointerEvent) => {
    const r = frame.current!.getBoundingClientRect();
    return { fx: (e.clientX - r.left) / r.width, fy: (e.clientY - r.top) / r.height };
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    const target = e.target as HTMLElement;
    const p = at(e);
    // The whole page is no box yet: any drag on it draws one.
    const whole = box.w >= 1 && box.h >= 1;
    drag.current =
      target.dataset.handle && !whole ? { kind: 'resize', from: box, ...p } : target.closest('.crop-box') && !whole ? { kind: 'move', from: box, ...p } : { kind: 'draw', ...p };
    frame.current!.setPointerCapture(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const p = at(e);
    if (d.kind === 'draw') onChange(boxBetween(d.fx, d.fy, p.fx, p.fy));
    else if (d.kind === 'move') onChange(moveBox(d.from, p.fx - d.fx, p.fy - d.fy));
    else onChange(resizeBox(d.from, p.fx - d.fx, p.fy - d.fy));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.ctrlKey || e.metaKey ? BIG_STEP : STEP;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (!(e.key in delta)) return;
    const [dx, dy] = delta[e.key];
    onChange(e.shiftKey ? resizeBox(box, dx, dy) : moveBox(box, dx, dy));
    e.preventDefault();
  };

  const pct = (v: number) => `${v * 100}%`;
  return (
    <div
      ref={frame}
      className="crop-canvas"
      style={{ aspectRatio: String(ratio) }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <img src={image} alt="" draggable={false} />
      <div
        className="crop-box"
        role="group"
        tabIndex={0}
        aria-label={label}
        aria-describedby={describedBy}
        style={{ left: pct(box.x), top: pct(box.y), width: pct(box.w), height: pct(box.h) }}
        onKeyDown={onKeyDown}
      >
        <span className="crop-box__handle" data-handle="corner" aria-hidden="true" />
      </div>
    </div>
  );
}
