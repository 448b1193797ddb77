import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import htmlTool, { MAX_URL_LENGTH, PAGE_FORMATS, PAGE_MARGINS, PAGE_MEDIA, VIEWPORT_NAMES, VIEWPORTS } from '#shared/tools/html-to-pdf';
import { useMessageText } from '~/lib/messages';
import { CheckboxField, ChoiceGroup, SelectField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

type HtmlRequest = z.output<typeof htmlTool.options>;

export type UrlOptions = Omit<HtmlRequest, 'url'> & { url: string };

export type UrlProblem = 'URL_EMPTY' | 'URL_INVALID';

/** Whether the layout width applies: the page's print styles are laid out for the paper, unless the paper fits the page. */
export const widthApplies = (value: Pick<UrlOptions, 'media' | 'format'>) => value.media === 'screen' || value.format === 'fit';

/** The spec's URL rules, as the tool declares them: an empty box, or anything but a full http(s) URL. */
export function urlProblem(url: string): UrlProblem | null {
  const parsed = htmlTool.options.shape.url.safeParse(url);
  if (parsed.success) return null;
  return parsed.error.issues.some((i) => i.message === 'URL_EMPTY') ? 'URL_EMPTY' : 'URL_INVALID';
}

export function urlRequest(value: UrlOptions): OptionsOutcome {
  const problem = urlProblem(value.url);
  if (problem) return { ok: false, hint: null, error: { code: problem } };
  return { ok: true, fields: { ...value, url: value.url.trim() } };
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
          legend={t('options.url.viewportLegend')}
          value={value.viewport}
          choices={VIEWPORT_NAMES.map((v) => ({ value: v, label: t(`options.url.viewport.${v}`), help: t('options.url.viewportWidth', { width: VIEWPORTS[v].width }) }))}
          onChange={(viewport) => onChange({ ...value, viewport })}
          disabled={!widthApplies(value)}
          help={widthApplies(value) ? undefined : t('options.url.viewportForPaper')}
        />
        <ChoiceGroup
          legend={t('options.url.mediaLegend')}
          value={value.media}
          choices={PAGE_MEDIA.map((m) => ({ value: m, label: t(`options.url.media.${m}.label`), help: t(`options.url.media.${m}.help`) }))}
          onChange={(media) => onChange({ ...value, media })}
        />
        <div className="options">
          <SelectField
            label={t('options.url.formatLegend')}
            value={value.format}
            choices={PAGE_FORMATS.map((f) => ({ value: f, label: t(`options.url.format.${f}.label`) }))}
            help={t(`options.url.format.${value.format}.help`)}
            onChange={(format) => onChange({ ...value, format })}
          />
          <SelectField
            label={t('options.url.marginLabel')}
            value={value.margin}
            choices={PAGE_MARGINS.map((m) => ({ value: m, label: t(`options.url.margin.${m}`) }))}
            onChange={(margin) => onChange({ ...value, margin })}
          />
        </div>
        <div className="options">
          <CheckboxField label={t('options.url.onePage')} help={t('options.url.onePageHelp')} checked={value.onePage} onChange={(onePage) => onChange({ ...value, onePage })} />
          <CheckboxField label={t('options.url.background')} help={t('options.url.backgroundHelp')} checked={value.background} onChange={(background) => onChange({ ...value, background })} />
        </div>
      </div>
    </div>
  );
}

/** HTML to PDF: nothing to upload, a web address, the window it is laid out in and the paper it is printed on. */
export const urlOptions = defineOptions<UrlOptions>({
  // The declared defaults: every setting the tool has, with the value the API takes when it is left out.
  initial: { url: '', ...htmlTool.options.omit({ url: true }).parse({}) },
  toRequest: urlRequest,
  Panel: UrlPanel,
  // The server's own verdict on the address (refused when sent, or by the worker when the page
  // redirects somewhere it will not go) sends the user back to the box, with the reason.
  recoverable: ['URL_EMPTY', 'URL_INVALID', 'URL_BLOCKED', 'URL_NOT_FOUND'],
});
