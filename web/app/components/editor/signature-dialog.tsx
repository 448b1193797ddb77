import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSignature, TSavedSignatureData } from '#shared/signatures';
import { useUser } from '~/stores/auth-provider';
import type { SavedSignature } from './new-object';
import { SCRIPT_FONT, strokesPath } from './object-view';
import type { Point } from './operations';
import {
  accountSignatures,
  browserSignature,
  dataUrlFile,
  deleteAccountSignature,
  fitStrokes,
  forAccount,
  forgetBrowserSignature,
  saveAccountSignature,
  smoothStroke,
} from './signature';

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

/** A kept signature drawn small, as the list of saved ones shows it. */
function SignaturePreview({ signature }: { signature: SavedSignature | TSavedSignatureData }) {
  if (signature.kind === 'draw') {
    return (
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" width={Math.round(40 * signature.aspect)} height={40} aria-hidden="true">
        <path d={strokesPath(signature.strokes)} fill="none" stroke={signature.color} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
      </svg>
    );
  }
  if (signature.kind === 'type') return <span style={{ fontFamily: SCRIPT_FONT, fontSize: 24, color: signature.color }}>{signature.text}</span>;
  return <img src={signature.src} alt="" height={40} />;
}

/**
 * Make a signature: draw it with a finger, mouse or pen; type it; or upload a picture of it. Or take
 * one kept before: in this browser, or on the account of a signed-in user (who may keep a new one there).
 */
export function SignatureDialog({ onDone, onCancel, uploadImage }: SignatureDialogProps) {
  const { t } = useTranslation();
  const signedIn = useUser().signedIn;
  const [browser, setBrowser] = useState<SavedSignature | undefined>();
  const [account, setAccount] = useState<AccountSignature[]>([]);
  const [keep, setKeep] = useState(true);
  const [accountFailed, setAccountFailed] = useState(false);
  const [mode, setMode] = useState<Mode>('draw');
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pad = useRef<SVGSVGElement>(null);
  const drawing = useRef(false);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setBrowser(browserSignature());
    if (!signedIn) return;
    let live = true;
    // Without the account's list the dialog still works: new signatures and the browser's one.
    accountSignatures().then((list) => live && setAccount(list), () => undefined);
    return () => {
      live = false;
    };
  }, [signedIn]);

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
  /** A new signature: kept on the account first when asked; if that fails the user is told and may go on without. */
  const finish = async (signature: SavedSignature) => {
    if (signedIn && keep) {
      try {
        const kept = await forAccount(signature);
        if (kept) await saveAccountSignature(kept);
      } catch {
        setAccountFailed(true);
        setKeep(false);
        return;
      }
    }
    onDone(signature);
  };
  const done = async () => {
    setBusy(true);
    if (mode === 'draw') await finish({ kind: 'draw', color: INK, ...fitStrokes(strokes, PAD_ASPECT) });
    else if (mode === 'type') await finish({ kind: 'type', text: typed.trim(), color: INK });
    setBusy(false);
  };
  /** A picture goes up under the editor's tool; its kept copy is a data URL, so it can go up again next time. */
  const place = async (file: File, keepNew: boolean) => {
    const up = await uploadImage(file);
    const src = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : up.src);
      reader.onerror = () => resolve(up.src);
      reader.readAsDataURL(file);
    });
    const signature: SavedSignature = { kind: 'image', token: up.token, src, aspect: up.aspect };
    if (keepNew) await finish(signature);
    else onDone(signature);
  };
  const pick = async (file: File | undefined, keepNew = true) => {
    if (!file) return;
    setBusy(true);
    setFailed(false);
    try {
      await place(file, keepNew);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  /** A kept signature: drawn and typed ones are used as they are, a picture is uploaded again. */
  const reuse = (signature: SavedSignature | TSavedSignatureData) => {
    if (signature.kind !== 'image') onDone(signature);
    else if (signature.src.startsWith('data:')) void pick(dataUrlFile(signature.src, 'signature'), false);
    else if ('token' in signature) onDone(signature);
  };
  const forgetBrowser = () => {
    forgetBrowserSignature();
    setBrowser(undefined);
  };
  const forgetAccount = async (id: string) => {
    await deleteAccountSignature(id).catch(() => undefined);
    setAccount((list) => list.filter((s) => s.id !== id));
  };
  const saved: Array<{ key: string; where: 'savedBrowser' | 'savedAccount'; signature: SavedSignature | TSavedSignatureData; forget: () => void }> = [
    ...(browser ? [{ key: 'browser', where: 'savedBrowser' as const, signature: browser, forget: forgetBrowser }] : []),
    ...account.map((a) => ({ key: a.id, where: 'savedAccount' as const, signature: a.signature, forget: () => void forgetAccount(a.id) })),
  ];

  return (
    <div className="editor-dialog__backdrop">
      <div className="editor-dialog" role="dialog" aria-modal="true" aria-labelledby="signature-title" ref={dialog}>
        <h2 id="signature-title" className="editor-dialog__title">
          {t('editor.signature.title')}
        </h2>
        {saved.length > 0 && (
          <section aria-labelledby="signature-saved">
            <h3 id="signature-saved" style={{ margin: 0, fontSize: 15 }}>
              {t('editor.signature.saved')}
            </h3>
            <ul className="editor-saved-signatures" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
              {saved.map((item) => (
                <li key={item.key} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <button type="button" className="editor-tool" aria-label={`${t('editor.signature.useSaved')} (${t(`editor.signature.${item.where}`)})`} disabled={busy} onClick={() => reuse(item.signature)}>
                    <SignaturePreview signature={item.signature} />
                  </button>
                  <span className="editor__status">{t(`editor.signature.${item.where}`)}</span>
                  <button type="button" className="button button--ghost button--small" onClick={item.forget}>
                    {t('editor.signature.delete')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
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
        {signedIn && (
          <label className="editor-check">
            <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> {t('editor.signature.keepOnAccount')}
          </label>
        )}
        {accountFailed && <p role="alert">{t('editor.signature.accountFailed')}</p>}
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => void done()} disabled={!ready || busy}>
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
