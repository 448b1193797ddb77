import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AiCitation } from '#shared/ai/api';
import { SOURCE_CHIPS, sourceChips } from '~/lib/ai-sources';
import { useLocalize } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import type { ChatEntry } from './use-ask';
import { ProviderNote } from './provider-note';

/** A quote in a chip's label is cut here: the label names the passage, it does not read it out. */
const QUOTE_IN_LABEL = 80;

const shorten = (quote: string) => (quote.length > QUOTE_IN_LABEL ? `${quote.slice(0, QUOTE_IN_LABEL).trimEnd()}…` : quote);

interface AnswerProps {
  entry: ChatEntry;
  /** General chat: no document to quote from, no citation to follow. */
  general: boolean;
  onCite?: (citation: AiCitation) => void;
}

/** An answer's pages, one chip each: the first SOURCE_CHIPS, then a button that shows the rest. */
function SourceChips({ citations, onCite }: { citations: readonly AiCitation[]; onCite?: (citation: AiCitation) => void }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const chips = sourceChips(citations);
  const hidden = all ? 0 : Math.max(0, chips.length - SOURCE_CHIPS);
  return (
    <div className="ai-answer__sources">
      <span className="ai-answer__sources-label">{t('aiPdf.answer.sources')}</span>
      <ul className="ai-cites">
        {chips.slice(0, chips.length - hidden).map((citation) => (
          <li key={citation.page}>
            <button
              type="button"
              className="ai-cite"
              onClick={() => onCite?.(citation)}
              aria-label={t('aiPdf.answer.citeLabel', { page: citation.page, quote: shorten(citation.quote) })}
              title={shorten(citation.quote)}
            >
              {t('aiPdf.answer.cite', { page: citation.page })}
            </button>
          </li>
        ))}
        {hidden > 0 && (
          <li>
            <button type="button" className="ai-cite ai-cite--more" onClick={() => setAll(true)}>
              {t('aiPdf.answer.moreSources', { count: hidden })}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}

/** Where an answer comes from; "not found" quotes nothing, so it says nothing of where its quotes are from. */
function sourceLabelKey(entry: ChatEntry, general: boolean) {
  if (entry.found === false) return undefined;
  if (entry.source === 'document') return 'aiPdf.answer.document';
  if (entry.source === 'generative') return general ? 'aiPdf.answer.generativeGeneral' : 'aiPdf.answer.generative';
  return undefined;
}

/** One answer: its text as it streams, where it comes from (quoted or written), and its page citations. */
function Answer({ entry, general, onCite }: AnswerProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const messageText = useMessageText();
  const heading = entry.mode === 'summarize' ? t('aiPdf.answer.summary') : entry.mode === 'explain' ? t('aiPdf.answer.explanation') : undefined;
  const sourceKey = sourceLabelKey(entry, general);
  return (
    <div className={['ai-answer', entry.found === false && 'is-not-found', entry.error && 'is-failed'].filter(Boolean).join(' ')} aria-busy={entry.pending || undefined}>
      {heading && <p className="ai-answer__heading">{heading}</p>}
      {entry.found === false && <p className="ai-answer__not-found">{t('aiPdf.answer.notFound')}</p>}
      {entry.content && <div className="ai-answer__text">{entry.content}</div>}
      {entry.pending && !entry.content && <p className="ai-answer__pending">{t('aiPdf.ask.answering')}</p>}
      {entry.error && (
        <div className="ai-answer__error" role="alert">
          <p>{messageText(entry.error)}</p>
          {entry.pricing && (
            <Link className="button button--primary button--small" to={localize('/pricing')}>
              {t('aiPdf.questionLimit.pricing')}
            </Link>
          )}
          {entry.needsProvider && <ProviderNote compact />}
        </div>
      )}
      {entry.citations.length > 0 && <SourceChips citations={entry.citations} onCite={onCite} />}
      {sourceKey && !entry.pending && <p className={`ai-answer__source ai-answer__source--${entry.source}`}>{t(sourceKey)}</p>}
    </div>
  );
}

interface ConversationProps {
  entries: readonly ChatEntry[];
  busy: boolean;
  onAsk: (question: string) => void;
  onStop: () => void;
  onCite?: (citation: AiCitation) => void;
  /** Offered before the first question. */
  suggestions?: readonly string[];
  general?: boolean;
  /** The question box is closed (the document is still being read, or could not be). */
  disabled?: boolean;
  label: string;
  placeholder: string;
}

/** The questions and answers, newest at the bottom, and the question box (Enter sends, Shift+Enter starts a line). */
export function Conversation({ entries, busy, onAsk, onStop, onCite, suggestions = [], general = false, disabled = false, label, placeholder }: ConversationProps) {
  const { t } = useTranslation();
  const boxId = useId();
  const hintId = useId();
  const [question, setQuestion] = useState('');
  const log = useRef<HTMLOListElement>(null);

  // Follows the answer as it grows.
  const last = entries[entries.length - 1];
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length, last?.content]);

  const send = () => {
    if (busy || disabled || !question.trim()) return;
    onAsk(question);
    setQuestion('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <div className="ai-conversation">
      <ol ref={log} className="ai-log" aria-live="polite" aria-relevant="additions">
        {entries.map((entry) => (
          <li key={entry.id} className={`ai-log__entry ai-log__entry--${entry.role}`}>
            <span className="visually-hidden">{t(entry.role === 'user' ? 'aiPdf.answer.you' : 'aiPdf.answer.assistant')}: </span>
            {entry.role === 'user' ? <p className="ai-question">{entry.content}</p> : <Answer entry={entry} general={general} onCite={onCite} />}
          </li>
        ))}
      </ol>
      {entries.length === 0 && suggestions.length > 0 && !disabled && (
        <div className="ai-suggested">
          <p className="ai-suggested__title">{t('aiPdf.suggested')}</p>
          <ul className="ai-suggested__list">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className="ai-chip" onClick={() => onAsk(suggestion)} disabled={busy}>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        className="ai-ask"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor={boxId} className="visually-hidden">
          {label}
        </label>
        <textarea
          id={boxId}
          className="ai-ask__box"
          rows={2}
          value={question}
          placeholder={placeholder}
          aria-describedby={hintId}
          disabled={disabled}
          maxLength={4000}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <span id={hintId} className="ai-ask__hint">
          {t('aiPdf.ask.hint')}
        </span>
        {busy ? (
          <button type="button" className="button button--secondary" onClick={onStop}>
            {t('aiPdf.ask.stop')}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={disabled || !question.trim()}>
            {t('aiPdf.ask.send')}
          </button>
        )}
      </form>
    </div>
  );
}
