import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { baseAiLimits, type AiConfigView, type AiLimits } from '#shared/ai/api';
import { DEFAULT_MAX_UPLOAD_MB } from '#shared/limits';
import { AI_CODE, aiApi, uploadAiFile } from '~/lib/ai-api';
import { ApiError, type FlowMessage } from '~/lib/api-client';
import { useLocalize } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { useAiMaxPages, useRootData } from '~/lib/root-data';
import { EnvelopeError } from '~/lib/endpoint-client';
import { useAuthActions } from '~/stores/auth-provider';
import { Dropzone } from '../tool-flow/dropzone';
import { ProgressBar } from '../tool-flow/progress-bar';
import { AiLimitPopup } from './ai-limit-popup';

/** What the assistant reads: a PDF, or a picture that becomes a one-page document through OCR. */
export const AI_ACCEPT = 'application/pdf,.pdf,image/png,image/jpeg,image/webp,image/tiff,.png,.jpg,.jpeg,.webp,.tif,.tiff';

type UploadState = { phase: 'idle' } | { phase: 'uploading'; name: string; fraction: number } | { phase: 'adding'; name: string } | { phase: 'failed'; message: FlowMessage };

/** The requester's limits under the picker: the Free plan's figures, or only the size where nothing else is counted. */
const limitsText = (t: TFunction, limits: AiLimits) =>
  limits.files === null ? t('aiPdf.upload.limitsOpen', { mb: limits.maxMb, pages: limits.maxPages }) : t('aiPdf.upload.limits', { files: limits.files, mb: limits.maxMb, pages: limits.maxPages });

/** A refusal's envelope code and what to tell the user. */
export function failureOf(e: unknown): { code: number | undefined; message: FlowMessage } {
  if (e instanceof EnvelopeError) return { code: e.code, message: e.userMessage };
  if (e instanceof ApiError) return { code: undefined, message: e.userMessage };
  return { code: undefined, message: { code: 'INTERNAL' } };
}

/**
 * The assistant's way in: a PDF or an image is uploaded (with its progress), made an AI document,
 * and its conversation opens while it is read. The file limit (1506) opens 'Upgrade AI Plan'.
 */
export function AiUpload({ id, config }: { id?: string; config: AiConfigView | undefined }) {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const navigate = useNavigate();
  const localize = useLocalize();
  const messageText = useMessageText();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  // Until the requester's own limits have loaded, everyone's without the AI plan, as the server rendered them.
  const root = useRootData();
  const aiMaxPages = useAiMaxPages();
  const pageLimits = baseAiLimits(root?.billingConfigured ?? true, root?.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB, aiMaxPages);
  const [limitOpen, setLimitOpen] = useState(false);
  const abort = useRef<(() => void) | undefined>(undefined);

  useEffect(() => () => abort.current?.(), []);

  const start = async (file: File) => {
    setState({ phase: 'uploading', name: file.name, fraction: 0 });
    const upload = uploadAiFile(file, auth.callContext(), (fraction) => setState({ phase: 'uploading', name: file.name, fraction }));
    abort.current = upload.abort;
    try {
      const token = await upload.promise;
      abort.current = undefined;
      setState({ phase: 'adding', name: file.name });
      const { documentId } = await aiApi.addFile(auth.callContext(), token);
      navigate(localize(`/ai-pdf/chat/${documentId}`));
    } catch (e) {
      abort.current = undefined;
      if (e instanceof DOMException && e.name === 'AbortError') {
        setState({ phase: 'idle' });
        return;
      }
      const failure = failureOf(e);
      if (failure.code === AI_CODE.fileLimit) setLimitOpen(true);
      setState({ phase: 'failed', message: failure.message });
    }
  };

  const busy = state.phase === 'uploading' || state.phase === 'adding';
  return (
    <div id={id} className="ai-upload">
      {busy ? (
        <div className="ai-upload__progress">
          <p className="ai-upload__name">{t(state.phase === 'uploading' ? 'aiPdf.upload.uploading' : 'aiPdf.upload.preparing', { name: state.name })}</p>
          <ProgressBar value={state.phase === 'uploading' ? state.fraction : 1} indeterminate={state.phase === 'adding'} label={t('aiPdf.upload.uploading', { name: state.name })} />
          {state.phase === 'uploading' && (
            <button type="button" className="button button--secondary" onClick={() => abort.current?.()}>
              {t('aiPdf.upload.cancel')}
            </button>
          )}
        </div>
      ) : (
        <Dropzone
          multiple={false}
          accept={AI_ACCEPT}
          choose={t('aiPdf.upload.choose')}
          limits={limitsText(t, config?.limits ?? pageLimits)}
          onFiles={(files) => files[0] && void start(files[0])}
        />
      )}
      {state.phase === 'failed' && (
        <p className="ai-error" role="alert">
          {messageText(state.message)}
        </p>
      )}
      {limitOpen && <AiLimitPopup onClose={() => setLimitOpen(false)} />}
    </div>
  );
}
