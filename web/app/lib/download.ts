import { ERRORS, type ErrorCode } from '#shared/errors';
import { messageForAnswer, type FlowMessage } from './api-client';

/** What a download request came to. */
export type DownloadOutcome =
  | { kind: 'saved' }
  /** 401: the server wants a signed-in user (DOWNLOAD_POLICY login or pro). */
  | { kind: 'login' }
  /** 403: signed in, but the plan does not allow it (DOWNLOAD_POLICY pro). */
  | { kind: 'upgrade' }
  | { kind: 'failed'; message: FlowMessage };

/** The file name of a `Content-Disposition` header, preferring the UTF-8 `filename*`. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (star) {
    const value = star.replace(/^UTF-8''/i, '').replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() || undefined;
}

async function errorMessage(res: Response): Promise<FlowMessage> {
  const body = (await res.json().catch(() => undefined)) as { error?: string } | undefined;
  if (body?.error && body.error in ERRORS) return { code: body.error as ErrorCode };
  return messageForAnswer(res.status, body);
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the blob once the click has run; give it a moment on slow machines.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The spec's download: the result URL is fetched as a blob and saved. Fetching rather than
 * following the link lets the page answer a refusal itself: the login popup for a 401, the
 * upgrade hook for a 403, the catalogue message (an expired file…) for anything else.
 */
export async function fetchDownload(url: string): Promise<DownloadOutcome> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    return { kind: 'failed', message: { code: 'INTERNAL' } };
  }
  if (res.status === 401) return { kind: 'login' };
  if (res.status === 403) return { kind: 'upgrade' };
  if (!res.ok) return { kind: 'failed', message: await errorMessage(res) };
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    return { kind: 'failed', message: { code: 'INTERNAL' } };
  }
  const fallback = decodeURIComponent(new URL(url, window.location.href).pathname.split('/').pop() ?? 'download');
  saveBlob(blob, filenameFromDisposition(res.headers.get('content-disposition')) ?? fallback);
  return { kind: 'saved' };
}
