import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATE_LANGUAGES, type TranslateLanguage } from '#shared/ai/api';
import { startTranslation, type FlowMessage } from '~/lib/api-client';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { followTask } from '~/lib/run-task';
import { useDownload } from '~/hooks/use-download';
import { ProgressBar } from '../tool-flow/progress-bar';
import { ProviderNote } from './provider-note';
import { useAiConfig, useGenerativeAi } from './use-ai-config';

type TranslateState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: number }
  | { kind: 'done'; translated: string; both: string }
  | { kind: 'failed'; error: FlowMessage };

/**
 * Translate (generative): the document into a chosen language, followed like any task with its
 * progress bar, then the translated PDF and the two-language PDF to download. Without an AI
 * provider it says so, and how an operator adds one.
 */
export function TranslatePanel({ documentId, title }: { documentId: string; title: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const generative = useGenerativeAi(useAiConfig());
  const messageText = useMessageText();
  const { onDownloadClick } = useDownload();
  const [language, setLanguage] = useState<TranslateLanguage>(lang === 'en' ? 'fr' : 'en');
  const [state, setState] = useState<TranslateState>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Each language by its name in the page's language ("French", "français").
  const names = useMemo(() => {
    const display = new Intl.DisplayNames([lang], { type: 'language' });
    return TRANSLATE_LANGUAGES.map((code) => ({ code, name: display.of(code) ?? code }));
  }, [lang]);

  // Another document, or leaving the page, stops following the task (the task itself carries on in the history).
  useEffect(() => {
    setState({ kind: 'idle' });
    return () => running.current?.abort();
  }, [documentId]);

  // The heading is there from the start: a dialog around the panel is named by it.
  if (!generative) {
    return (
      <section className="ai-translate" aria-labelledby="ai-translate-title">
        <h2 id="ai-translate-title">{t('aiTranslate.title')}</h2>
        <p>{t('aiTranslate.needsProvider')}</p>
        <ProviderNote compact />
      </section>
    );
  }

  const start = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'running', progress: 0 });
    const end = await followTask((signal) => startTranslation({ documentId, language }, signal), controller.signal, (progress) =>
      setState({ kind: 'running', progress }),
    );
    if (!end) return;
    const [translated, both] = end.kind === 'done' ? (end.result.pdfurls ?? []) : [];
    if (end.kind === 'done' && translated && both) setState({ kind: 'done', translated, both });
    else setState({ kind: 'failed', error: end.kind === 'fail' ? end.error : { code: 'TASK_FAILED' } });
  };

  const percent = state.kind === 'running' ? Math.round(state.progress * 100) : 0;
  return (
    <section className="ai-translate" aria-labelledby="ai-translate-title">
      <h2 id="ai-translate-title">{t('aiTranslate.title')}</h2>
      <p>{t('aiTranslate.intro')}</p>
      <div className="field">
        <label htmlFor="ai-translate-language">{t('aiTranslate.language')}</label>
        <select
          id="ai-translate-language"
          value={language}
          disabled={state.kind === 'running'}
          onChange={(e) => setLanguage(e.target.value as TranslateLanguage)}
        >
          {names.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {state.kind === 'running' ? (
        <div role="status">
          <p>{t('aiTranslate.running', { percent })}</p>
          <ProgressBar value={state.progress} label={t('aiTranslate.progress')} indeterminate={state.progress === 0} />
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={start}>
            {state.kind === 'done' ? t('aiTranslate.again') : t('aiTranslate.start')}
          </button>
        </div>
      )}
      {state.kind === 'done' && (
        <div role="status">
          <p>{t('aiTranslate.done', { title })}</p>
          <div className="button-row">
            <a className="button button--secondary" href={state.translated} download onClick={onDownloadClick}>
              {t('aiTranslate.downloadTranslated')}
            </a>
            <a className="button button--secondary" href={state.both} download onClick={onDownloadClick}>
              {t('aiTranslate.downloadBoth')}
            </a>
          </div>
        </div>
      )}
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {t('aiTranslate.failed')} {messageText(state.error)}
        </p>
      )}
    </section>
  );
}
