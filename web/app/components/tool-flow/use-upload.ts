import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { ApiError, uploadFile } from '~/lib/api-client';
import type { FileItem, FlowAction } from './flow-state';

/** Uploads file items one request each, reporting progress into the flow; unmounting aborts them. */
export function useUpload(toolType: string, dispatch: Dispatch<FlowAction>) {
  const inFlight = useRef(new Map<string, () => void>());

  const upload = useCallback(
    (item: Pick<FileItem, 'uid' | 'raw'>) => {
      const { uid } = item;
      const handle = uploadFile(item.raw, toolType, (progress) => dispatch({ type: 'uploadProgress', uid, progress }));
      inFlight.current.set(uid, handle.abort);
      handle.promise
        .then((answer) => dispatch({ type: 'uploaded', uid, token: answer.token }))
        .catch((e: unknown) => {
          if (e instanceof DOMException && e.name === 'AbortError') return;
          dispatch({ type: 'uploadFailed', uid, error: e instanceof ApiError ? e.userMessage : { code: 'UPLOAD_FAILED' } });
        })
        .finally(() => inFlight.current.delete(uid));
    },
    [toolType, dispatch],
  );

  const abort = useCallback((uid: string) => {
    inFlight.current.get(uid)?.();
    inFlight.current.delete(uid);
  }, []);

  const abortAll = useCallback(() => {
    for (const stop of inFlight.current.values()) stop();
    inFlight.current.clear();
  }, []);

  useEffect(() => abortAll, [abortAll]);

  return { upload, abort, abortAll };
}
