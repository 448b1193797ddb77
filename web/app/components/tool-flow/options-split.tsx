import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidRangePart, parsePageRanges, rangesPastEnd, resolvePageRanges } from '#shared/page-ranges';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

export interface SplitOptions {
  mode: 'count' | 'ranges';
  count: string;
  ranges: string;
}

type SplitProblem = 'invalidCount' | 'invalidRanges' | 'beyondEnd' | null;

function problemOf(value: SplitOptions, pages?: number): SplitProblem {
  if (value.mode === 'count') return /^\s*[1-9]\d*\s*$/.test(value.count) ? null : 'invalidCount';
  const ranges = parsePageRanges(value.ranges);
  if (!ranges) return 'invalidRanges';
  if (pages !== undefined && !resolvePageRanges(ranges, pages)) return 'beyondEnd';
  return null;
}

/** In a batch each file has its own page count, so only a single document is checked here. */
const pageCount = (files: OptionsPanelProps<SplitOptions>['files']) => (files.length === 1 ? files[0].pages : undefined);

function SplitPanel({ value, onChange, files }: OptionsPanelProps<SplitOptions>) {
  const { t } = useTranslation();
  const id = useId();
  const [touched, setTouched] = useState(false);
  const pages = pageCount(files);
  const problem = problemOf(value, pages);
  const showProblem = problem !== null && (touched || problem === 'beyondEnd');
  const errorId = `${id}-error`;
  // A range past the end is cut at the last page: allowed, but said before the task runs.
  const ranges = value.mode === 'ranges' ? parsePageRanges(value.ranges) : null;
  const pastEnd = pages !== undefined && ranges !== null && rangesPastEnd(ranges, pages);
  const problemText = (p: Exclude<SplitProblem, null>) => {
    if (p === 'beyondEnd') return t('options.split.beyondEnd', { count: pages });
    const part = p === 'invalidRanges' ? invalidRangePart(value.ranges) : undefined;
    return part ? t('options.split.invalidPart', { part }) : t(`options.split.${p}`);
  };

  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.split.legend')}</legend>
      <div className="choice-list">
        <label className="choice">
          <input type="radio" name={`${id}-mode`} checked={value.mode === 'count'} onChange={() => onChange({ ...value, mode: 'count' })} />
          <span className="choice__body">
            <span className="choice__label">{t('options.split.count')}</span>
            <span className="choice__help">{t('options.split.countHelp')}</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-mode`} checked={value.mode === 'ranges'} onChange={() => onChange({ ...value, mode: 'ranges' })} />
          <span className="choice__body">
            <span className="choice__label">{t('options.split.ranges')}</span>
            <span className="choice__help">{t('options.split.rangesHelp')}</span>
          </span>
        </label>
      </div>
      {value.mode === 'count' ? (
        <div className="field">
          <label htmlFor={`${id}-count`}>{t('options.split.countLabel')}</label>
          <input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            max={pages}
            step={1}
            value={value.count}
            onChange={(e) => onChange({ ...value, count: e.target.value })}
            onBlur={() => setTouched(true)}
            aria-invalid={showProblem}
            aria-describedby={showProblem ? errorId : undefined}
          />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-ranges`}>{t('options.split.rangesLabel')}</label>
          <input
            id={`${id}-ranges`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('options.split.rangesPlaceholder')}
            value={value.ranges}
            onChange={(e) => onChange({ ...value, ranges: e.target.value })}
            onBlur={() => setTouched(true)}
            aria-invalid={showProblem}
            aria-describedby={showProblem ? errorId : undefined}
          />
        </div>
      )}
      {showProblem && (
        <p id={errorId} className="field__error" role="alert">
          {problemText(problem)}
        </p>
      )}
      {!problem && pastEnd && (
        <p className="options__warning" role="status">
          {t('options.split.pastEnd', { count: pages })}
        </p>
      )}
    </fieldset>
  );
}

export const splitOptions = defineOptions<SplitOptions>({
  initial: { mode: 'count', count: '1', ranges: '' },
  toRequest: (value, files): OptionsOutcome => {
    if (problemOf(value, pageCount(files))) return { ok: false };
    return value.mode === 'count'
      ? { ok: true, fields: { splitcount: Number(value.count.trim()) } }
      : { ok: true, fields: { pages: value.ranges.replace(/\s+/g, '') } };
  },
  Panel: SplitPanel,
});
