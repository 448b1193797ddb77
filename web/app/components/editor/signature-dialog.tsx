import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedSignature } from './new-object';
import { SCRIPT_FONT, strokesPath } from './object-view';
import type { Point } from './operations';
import { fitStrokes, smoothStroke } from './signature';

type Mode = 'draw' | 'type' | 'image';
const INK = '#1a237e';
/** The drawing pad's width over its height. */
const PAD_ASPECT = 3;

interface SignatureDialogProps {
  onDone: (signature: SavedSignature) => void;
  onCancel: () => void;
  /** Uploads a picture: its token and how wide it is for its height. */
  uploadImage: (file: File) => Promise<{ token: string; src: string; aspect: number }>;
}

/** Make a signature: draw it with a finger, mouse or pen; type it; or upload a picture of it. */
export function SignatureDialog({ onDone, onCancel, uploadImage }: SignatureDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('draw');
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pad = useRef<SVGSVGElement>(null);
  const drawing = useRef(false);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('button, input')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);

  const at = (e: ReactPointerEvent): Point => {
    const box = pad.current!.getBoundingClientRect();
    return [(e.clientX - box.left) / box.width, (e.clientY - box.top) / box.height];
  };
  const down = (e: ReactPointerEvent<SVGSVGElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    setStrokes((s) => [...s, [at(e)]]);
  };
  const move = (e: ReactPointerEvent) => {
    if (!drawing.current) return;
    const p = at(e);
    setStrokes((s) => [...s.slice(0, -1), [...s[s.length - 1], p]]);
  };
  const up = () => {
    drawing.current = false;
    setStrokes((s) => (s.length ? [...s.slice(0, -1), smoothStroke(s[s.length - 1])] : s));
  };

  const ready = mode === 'draw' ? strokes.length > 0 : mode === 'type' ? typed.trim().length > 0 : false;
  const done = () => {
    if (mode === 'draw') onDone({ kind: 'draw', color: INK, ...fitStrokes(strokes, PAD_ASPECT) });
    else if (mode === 'type') onDone({ kind: 'type', text: typed.trim(), color: INK });
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailed(false);
    try {
      onDone({ kind: 'image', ...(await uploadImage(file)) });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="editor-dialog__backdrop">
      <div className="editor-dialog" role="dialog" aria-modal="true" aria-labelledby="signature-title" ref={dialog}>
        <h2 id="signature-title" className="editor-dialog__title">
          {t('editor.signature.title')}
        </h2>
        <div className="editor-dialog__tabs" role="tablist">
          {(['draw', 'type', 'image'] as const).map((m) => (
            <button key={m} type="button" role="tab" aria-selected={mode === m} className="editor-tool" onClick={() => setMode(m)}>
              {t(`editor.signature.${m}`)}
            </button>
          ))}
        </div>
        {mode === 'draw' && (
          <>
            <svg ref={pad} className="editor-signpad" viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label={t('editor.signature.pad')} onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={up}>
              <path d={strokesPath(strokes)} fill="none" stroke={INK} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
            </svg>
            <button type="button" className="button button--ghost button--small" onClick={() => setStrokes([])} disabled={!strokes.length}>
              {t('editor.signature.clear')}
            </button>
          </>
        )}
        {mode === 'type' && (
          <label className="editor-field">
            <span>{t('editor.signature.name')}</span>
            <input type="text" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} style={{ fontFamily: SCRIPT_FONT, fontSize: 28, color: INK }} />
          </label>
        )}
        {mode === 'image' && (
          <label className="editor-field">
            <span>{t('editor.signature.upload')}</span>
            <input type="file" accept="image/png,image/jpeg" disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
            {failed && <span role="alert">{t('editor.signature.uploadFailed')}</span>}
          </label>
        )}
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={done} disabled={!ready}>
            {t('editor.signature.use')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('editor.signature.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
