import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTurn, type Rotation } from '~/lib/organize';
import { rangesField } from '~/lib/page-selection';
import { RotateLeftIcon, RotateRightIcon } from '../icons';
import { fileCells, selectionOn, type FileSelection } from '../page-grid/page-cells';
import { PageGrid } from '../page-grid/page-grid';
import { PagesField } from '../page-grid/pages-field';
import { PagesGate } from '../page-grid/pages-gate';
import { PagesHint } from '../page-grid/pages-hint';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

/** The turn to add, clockwise, and the pages it applies to (none picked: every page). */
export interface RotateOptions extends FileSelection {
  angle: Rotation;
}

/** Page picks only make sense on one file; a batch turns every page of each file. */
const picksOf = (value: RotateOptions, files: OptionsPanelProps<RotateOptions>['files']) =>
  files.length === 1 ? selectionOn(value, files[0]) : new Set<number>();

function RotatePages({ value, onChange, files }: OptionsPanelProps<RotateOptions>) {
  const { t } = useTranslation();
  const helpId = useId();
  const [status, setStatus] = useState('');
  const file = files[0];
  const picks = picksOf(value, files);
  const pages = file?.pages;
  const token = file?.fileNameToken;
  const cells = useMemo(
    () => (file && pages ? fileCells(file, pages, t, (i) => (picks.size === 0 || picks.has(i) ? value.angle : 0)) : []),
    // Rebuilt when what a page shows changes, not on every upload progress tick.
    [file?.uid, token, pages, picks, value.angle, t],
  );
  if (!file) return null;

  return (
    <PagesGate file={file}>
      {() => (
        <>
          <PagesHint id={helpId} help={t('options.rotate.gridHelp')} keys={t('grid.keysSelect')} />
          <PageGrid
            cells={cells}
            label={t('options.rotate.gridLabel')}
            describedBy={helpId}
            selection={{
              selected: picks,
              look: 'pick',
              onChange: (next) => {
                onChange({ ...value, uid: file.uid, selected: next });
                setStatus(next.size === 0 ? t('options.rotate.allPages') : t('grid.selectedCount', { count: next.size }));
              },
            }}
            status={status}
          />
        </>
      )}
    </PagesGate>
  );
}

function RotatePanel({ value, onChange, files }: OptionsPanelProps<RotateOptions>) {
  const { t } = useTranslation();
  const file = files[0];
  const picks = picksOf(value, files);
  const count = files.length === 1 ? file?.pages : undefined;
  const set = (angle: Rotation) => onChange({ ...value, angle });

  const direction = t(`options.rotate.direction.${value.angle}`);
  const summary =
    value.angle === 0
      ? t('options.rotate.noTurn')
      : files.length > 1
        ? t('options.rotate.summaryBatch', { direction })
        : picks.size === 0
          ? t('options.rotate.summaryAll', { direction })
          : t('options.rotate.summarySome', { count: picks.size, direction });

  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.rotate.legend')}</legend>
      <div className="rotate-buttons">
        <button type="button" className="button button--secondary" aria-label={t('options.rotate.leftLabel')} title={t('options.rotate.leftLabel')} onClick={() => set(addTurn(value.angle, -90))}>
          <RotateLeftIcon /> {t('options.rotate.left')}
        </button>
        <button type="button" className="button button--secondary" aria-label={t('options.rotate.rightLabel')} title={t('options.rotate.rightLabel')} onClick={() => set(addTurn(value.angle, 90))}>
          <RotateRightIcon /> {t('options.rotate.right')}
        </button>
        <button type="button" className="button button--secondary" aria-label={t('options.rotate.halfLabel')} title={t('options.rotate.halfLabel')} onClick={() => set(addTurn(value.angle, 180))}>
          {t('options.rotate.half')}
        </button>
      </div>
      <p className="options__summary" role="status">
        {summary}
      </p>
      {value.angle !== 0 && (
        <button type="button" className="link-button" onClick={() => set(0)}>
          {t('options.rotate.reset')}
        </button>
      )}
      {file && count !== undefined && (
        <>
          <PagesField label={t('options.rotate.pagesLabel')} count={count} selected={picks} onChange={(next) => onChange({ ...value, uid: file.uid, selected: next })} />
          {picks.size > 0 && (
            <button type="button" className="link-button" onClick={() => onChange({ ...value, selected: new Set() })}>
              {t('options.rotate.useAll')}
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}

export const rotateOptions = defineOptions<RotateOptions>({
  initial: { angle: 0, selected: new Set() },
  toRequest: (value, files): OptionsOutcome => {
    if (value.angle === 0) return { ok: false, hint: 'options.rotate.hintAngle' };
    const picks = picksOf(value, files);
    // Every page picked is the same as none picked: the field is left out.
    const some = picks.size > 0 && picks.size < (files[0].pages ?? 0);
    return { ok: true, fields: some ? { angle: value.angle, pages: rangesField(picks) } : { angle: value.angle } };
  },
  Panel: RotatePanel,
  Pages: RotatePages,
});
