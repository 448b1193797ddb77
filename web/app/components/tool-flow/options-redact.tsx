import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REDACT_PATTERNS, type RedactPattern } from '#shared/tools/redact-kinds';
import { CheckboxField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

export interface RedactOptions {
  terms: string;
  regex: boolean;
  patterns: Record<RedactPattern, boolean>;
}

/** The lines that are not regular expressions JavaScript reads (the worker uses the same flags). */
const badRegex = (terms: string) =>
  terms.split('\n').some((line) => {
    if (line.trim() === '') return false;
    try {
      new RegExp(line.trim(), 'giu');
      return false;
    } catch {
      return true;
    }
  });

function RedactPanel({ value, onChange }: OptionsPanelProps<RedactOptions>) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = value.regex && badRegex(value.terms);
  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.redact.legend')}</legend>
      <div className="field">
        <label htmlFor={`${id}-terms`}>{t('options.redact.terms')}</label>
        <textarea
          id={`${id}-terms`}
          className="redact-terms"
          rows={4}
          spellCheck={false}
          autoComplete="off"
          value={value.terms}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-terms-help`}
          onChange={(e) => onChange({ ...value, terms: e.target.value })}
        />
        <p id={`${id}-terms-help`} className="field__help">
          {t('options.redact.termsHelp')}
        </p>
      </div>
      <CheckboxField label={t('options.redact.regex')} help={t('options.redact.regexHelp')} checked={value.regex} onChange={(regex) => onChange({ ...value, regex })} />
      <fieldset className="options redact-patterns">
        <legend className="options__legend">{t('options.redact.patternsLegend')}</legend>
        {REDACT_PATTERNS.map((pattern) => (
          <CheckboxField
            key={pattern}
            label={t(`options.redact.patterns.${pattern}`)}
            checked={value.patterns[pattern]}
            onChange={(checked) => onChange({ ...value, patterns: { ...value.patterns, [pattern]: checked } })}
          />
        ))}
      </fieldset>
      <p className="notice redact-warning" role="note">
        {t('options.redact.warning')}
      </p>
    </fieldset>
  );
}

/** Redact PDF: the words to find, one a line (or regular expressions), and the ready patterns; at least one of them. */
export const redactOptions = defineOptions<RedactOptions>({
  initial: { terms: '', regex: false, patterns: Object.fromEntries(REDACT_PATTERNS.map((p) => [p, false])) as Record<RedactPattern, boolean> },
  toRequest: (value): OptionsOutcome => {
    if (value.terms.trim() === '' && !REDACT_PATTERNS.some((p) => value.patterns[p])) return { ok: false, hint: 'options.redact.hintNone' };
    if (value.regex && badRegex(value.terms)) return { ok: false, hint: 'options.redact.hintRegex' };
    return { ok: true, fields: { terms: value.terms, regex: value.regex, ...value.patterns } };
  },
  Panel: RedactPanel,
});
