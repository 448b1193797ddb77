/** The user's signature: smoothed strokes, and the copies kept in this browser and on the account for next time. */
import { SAVED_SIGNATURE_LIMITS, SIGNATURES_PATH, type AccountSignature, type TSavedSignatureData } from '#shared/signatures';
import { ApiError, messageForAnswer } from '~/lib/api-client';
import type { Point } from './operations';
import type { SavedSignature } from './new-object';

const STORAGE_KEY = 'sheaf.signature';

/** A pointer's jitter evened out: each point averaged with its neighbours, the ends kept where they were. */
export function smoothStroke(points: readonly Point[]): Point[] {
  if (points.length < 3) return points.map((p) => [...p] as Point);
  return points.map((p, i) => {
    if (i === 0 || i === points.length - 1) return [...p] as Point;
    const [a, b, c] = [points[i - 1], p, points[i + 1]];
    return [(a[0] + 2 * b[0] + c[0]) / 4, (a[1] + 2 * b[1] + c[1]) / 4] as Point;
  });
}

/** Strokes cropped to their own bounds: fractions of the signature's box, and that box's width over height. */
export function fitStrokes(strokes: readonly Point[][], aspect: number): { strokes: Point[][]; aspect: number } {
  const all = strokes.flat();
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const w = Math.max(x1 - x0, 0.01);
  const h = Math.max(y1 - y0, 0.01);
  const fit = strokes.map((s) => s.map(([x, y]) => [Math.round(((x - x0) / w) * 1e4) / 1e4, Math.round(((y - y0) / h) * 1e4) / 1e4] as Point));
  return { strokes: fit, aspect: (w * aspect) / h };
}

/** The signature kept in this browser, whatever its kind (the dialog lists it). */
export function browserSignature(): SavedSignature | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SavedSignature) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The kept signature the Sign tool may place at once: a drawn or typed one. A picture's upload token
 * lasts only as long as the retention, so a kept picture is uploaded again from the dialog.
 */
export function loadSignature(): SavedSignature | undefined {
  const kept = browserSignature();
  return kept?.kind === 'image' ? undefined : kept;
}

export function forgetBrowserSignature() {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

export function saveSignature(signature: SavedSignature) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(signature));
  } catch {
    // A full or disabled storage only loses the reuse, not the signature being placed.
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, { ...init, headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) } });
  const body = (await res.json().catch(() => undefined)) as { code?: number; data?: T } | undefined;
  if (!res.ok || body?.code !== 0) throw new ApiError(messageForAnswer(res.status, body));
  return body.data as T;
}

/** The signatures kept on the signed-in user's account, newest first. */
export const accountSignatures = () => call<AccountSignature[]>(SIGNATURES_PATH);

export const saveAccountSignature = (signature: TSavedSignatureData) =>
  call<AccountSignature>(SIGNATURES_PATH, { method: 'POST', body: JSON.stringify({ signature }) });

export const deleteAccountSignature = (id: string) => call<undefined>(`${SIGNATURES_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Pictures kept on the account are made this small at most (CSS pixels), to stay within the cap. */
const PICTURE_BOX = { width: 600, height: 300 };

/** A picture as a data URL small enough for the account: PNG (keeps transparency), else JPEG on white; undefined when neither fits. */
async function smallPicture(src: string): Promise<string | undefined> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const scale = Math.min(1, PICTURE_BOX.width / img.naturalWidth, PICTURE_BOX.height / img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return undefined;
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const png = canvas.toDataURL('image/png');
  if (png.length <= SAVED_SIGNATURE_LIMITS.imageChars) return png;
  // The worker makes a signature picture's paper transparent, so white behind a JPEG costs nothing.
  ctx.globalCompositeOperation = 'destination-over';
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const jpeg = canvas.toDataURL('image/jpeg', 0.85);
  return jpeg.length <= SAVED_SIGNATURE_LIMITS.imageChars ? jpeg : undefined;
}

/** What the account keeps of a signature; undefined when it is larger than the account takes. */
export async function forAccount(signature: SavedSignature): Promise<TSavedSignatureData | undefined> {
  if (signature.kind === 'type') return { kind: 'type', text: signature.text.slice(0, SAVED_SIGNATURE_LIMITS.text), color: signature.color };
  if (signature.kind === 'draw') {
    const points = signature.strokes.reduce((n, s) => n + s.length, 0);
    return points <= SAVED_SIGNATURE_LIMITS.drawPoints ? { kind: 'draw', strokes: signature.strokes, aspect: signature.aspect, color: signature.color } : undefined;
  }
  const src = await smallPicture(signature.src);
  return src ? { kind: 'image', src, aspect: signature.aspect } : undefined;
}

/** A data URL as a file, to upload a kept picture again (fetching a data: URL may be refused by the page's CSP). */
export function dataUrlFile(src: string, name: string): File {
  const [head, data] = src.split(',', 2);
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type });
}
