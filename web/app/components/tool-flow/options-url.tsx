import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import htmlTool, { MAX_URL_LENGTH, PAGE_FORMATS, PAGE_MARGINS } from '#shared/tools/html-to-pdf';
import { useMessageText } from '~/lib/messages';
import { CheckboxField, ChoiceGroup, SelectField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

type HtmlRequest = z.output<typeof htmlTool.options>;

export interface UrlOptions {
  url: string;
  format: HtmlRequest['format'];
  margin: HtmlRequest['margin'];
  background: boolean;
}

export type UrlProblem = 'URL_EMPTY' | 'URL_INVALID';

/** The spec's URL rules, as the tool declares them: an empty box, or anything but a full http(s) URL. */
export function urlProblem(url: string): UrlProblem | null {
  const parsed = htmlTool.options.shape.url.safeParse(url);
  if (parsed.success) return null;
  return parsed.error.issues.some((i) => i.message === 'URL_EMPTY') ? 'URL_EMPTY' : 'URL_INVALID';
}

export function urlRequest(value: UrlOptions): OptionsOutcome {
  const problem = urlProblem(value.url);
  if (problem) return { ok: false, hint: null, error: { code: problem } };
  return { ok: true, fields: { url: value.url.trim(), format: value.format, margin: value.margin, background: value.background } };
}

function UrlPanel({ value, onChange, error }: OptionsPanelProps<UrlOptions>) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // A problem is shown once the user has left a non-empty box, or when the action was pressed.
  const [blurred, setBlurred] = useState(false);
  const problem = urlProblem(value.url);
  const shown = error ?? (blurred && problem === 'URL_INVALID' ? { code: problem } : undefined);

  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  return (
    <div className="options-stack">
      <div className="field url-field">
        <label htmlFor={`${id}-url`}>{t('options.url.label')}</label>
        <input
          ref={input}
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          maxLength={MAX_URL_LENGTH}
          placeholder={t('options.url.placeholder')}
          value={value.url}
          onChange={(e) => {
            setBlurred(false);
            onChange({ ...value, url: e.target.value });
          }}
          onBlur={() => setBlurred(value.url.trim() !== '')}
          aria-invalid={shown !== undefined}
          aria-describedby={`${id}-help${shown ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-help`} className="field__help">
          {t('options.url.help')}
        </p>
        {shown && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {messageText(shown)}
          </p>
        )}
      </div>
      <div className="url-settings">
        <ChoiceGroup
          legend={t('options.url.formatLegend')}
          value={value.format}
          choices={PAGE_FORMATS.map((f) => ({ value: f, label: t(`options.url.format.${f}.label`), help: t(`options.url.format.${f}.help`) }))}
          onChange={(format) => onChange({ ...value, format })}
        />
        <div className="options">
          <SelectField
            label={t('options.url.marginLabel')}
            value={value.margin}
            choices={PAGE_MARGINS.map((m) => ({ value: m, label: t(`options.url.margin.${m}`) }))}
            onChange={(margin) => onChange({ ...value, margin })}
          />
          <CheckboxField label={t('options.url.background')} help={t('options.url.backgroundHelp')} checked={value.background} onChange={(background) => onChange({ ...value, background })} />
        </div>
      </div>
    </div>
  );
}

const defaults = htmlTool.options.shape;

/** HTML to PDF: nothing to upload, a web address and the paper it is printed on. */
export const urlOptions = defineOptions<UrlOptions>({
  initial: {
    url: '',
    format: defaults.format.parse(undefined),
    margin: defaults.margin.parse(undefined),
    background: defaults.background.parse(undefined),
  },
  toRequest: urlRequest,
  Panel: UrlPanel,
  // The server's own verdict on the address sends the user back to the box.
  recoverable: ['URL_EMPTY', 'URL_INVALID'],
});
