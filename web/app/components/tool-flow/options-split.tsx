import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidRangePart, parsePageRanges, rangesPastEnd, resolvePageRanges } from '#shared/page-ranges';
import { MIN_PART_MB } from '#shared/tools/split-pdf';
import { useMessageText } from '~/lib/messages';
import { SelectField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

type SplitMode = 'count' | 'ranges' | 'size' | 'bookmarks';

export interface SplitOptions {
  mode: SplitMode;
  count: string;
  ranges: string;
  /** Megabytes, as typed: "2.5", or "2,5" as French keyboards write it. */
  size: string;
  level: number;
}

/** Bookmark levels offered: chapters, sections, subsections. */
const LEVELS = [1, 2, 3] as const;

type SplitProblem = 'invalidCount' | 'invalidRanges' | 'beyondEnd' | 'invalidSize' | null;

const megabytes = (size: string) => (/^\s*\d+([.,]\d+)?\s*$/.test(size) ? Number(size.trim().replace(',', '.')) : NaN);

function problemOf(value: SplitOptions, pages?: number): SplitProblem {
  if (value.mode === 'bookmarks') return null;
  if (value.mode === 'size') return megabytes(value.size) >= MIN_PART_MB ? null : 'invalidSize';
  if (value.mode === 'count') return /^\s*[1-9]\d*\s*$/.test(value.count) ? null : 'invalidCount';
  const ranges = parsePageRanges(value.ranges);
  if (!ranges) return 'invalidRanges';
  if (pages !== undefined && !resolvePageRanges(ranges, pages)) return 'beyondEnd';
  return null;
}

/** In a batch each file has its own page count, so only a single document is checked here. */
const pageCount = (files: OptionsPanelProps<SplitOptions>['files']) => (files.length === 1 ? files[0].pages : undefined);

function SplitPanel({ value, onChange, files, error }: OptionsPanelProps<SplitOptions>) {
  const { t } = useTranslation();
  const messageText = useMessageText();
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
        {(['count', 'ranges', 'size', 'bookmarks'] as const).map((mode) => (
          <label key={mode} className="choice">
            <input type="radio" name={`${id}-mode`} checked={value.mode === mode} onChange={() => onChange({ ...value, mode })} />
            <span className="choice__body">
              <span className="choice__label">{t(`options.split.${mode}`)}</span>
              <span className="choice__help">{t(`options.split.${mode}Help`)}</span>
            </span>
          </label>
        ))}
      </div>
      {value.mode === 'size' && (
        <div className="field">
          <label htmlFor={`${id}-size`}>{t('options.split.sizeLabel')}</label>
          <input
            id={`${id}-size`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value.size}
            onChange={(e) => onChange({ ...value, size: e.target.value })}
            onBlur={() => setTouched(true)}
            aria-invalid={showProblem}
            aria-describedby={showProblem ? errorId : undefined}
          />
        </div>
      )}
      {value.mode === 'bookmarks' && (
        <SelectField
          label={t('options.split.levelLabel')}
          value={String(value.level)}
          choices={LEVELS.map((level) => ({ value: String(level), label: level === 1 ? t('options.split.level1') : t('options.split.levelN', { level }) }))}
          onChange={(level) => onChange({ ...value, level: Number(level) })}
        />
      )}
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
      ) : value.mode === 'ranges' ? (
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
      ) : null}
      {error && value.mode === 'bookmarks' && (
        <p className="field__error" role="alert">
          {messageText(error)}
        </p>
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
  initial: { mode: 'count', count: '1', ranges: '', size: '10', level: 1 },
  toRequest: (value, files): OptionsOutcome => {
    if (problemOf(value, pageCount(files))) return { ok: false };
    if (value.mode === 'size') return { ok: true, fields: { maxsize: megabytes(value.size) } };
    if (value.mode === 'bookmarks') return { ok: true, fields: { bookmarklevel: value.level } };
    return value.mode === 'count'
      ? { ok: true, fields: { splitcount: Number(value.count.trim()) } }
      : { ok: true, fields: { pages: value.ranges.replace(/\s+/g, '') } };
  },
  Panel: SplitPanel,
  // A document without bookmarks at that level: the user picks another way instead of starting over.
  recoverable: ['NO_BOOKMARKS'],
});
