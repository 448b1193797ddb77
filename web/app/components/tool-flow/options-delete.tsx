import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangesField } from '~/lib/page-selection';
import { fileCells, pagesHint, selectionOn, type FileSelection } from '../page-grid/page-cells';
import { PageGrid } from '../page-grid/page-grid';
import { PagesField } from '../page-grid/pages-field';
import { PagesGate } from '../page-grid/pages-gate';
import { PagesHint } from '../page-grid/pages-hint';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

/** The pages to remove, as positions in the file. */
export type DeleteOptions = FileSelection;

function DeletePages({ value, onChange, files }: OptionsPanelProps<DeleteOptions>) {
  const { t } = useTranslation();
  const helpId = useId();
  const [status, setStatus] = useState('');
  const file = files[0];
  const selected = selectionOn(value, file);
  const token = file?.fileNameToken;
  const pages = file?.pages;
  // Rebuilt only when the file's token or page count changes, not on every upload progress tick.
  const cells = useMemo(() => (file && pages ? fileCells(file, pages, t) : []), [file?.uid, token, pages, t]);
  if (!file) return null;

  return (
    <PagesGate file={file}>
      {(count) => (
        <>
          <PagesHint id={helpId} help={t('options.delete.gridHelp')} keys={t('grid.keysSelect')} />
          <PageGrid
            cells={cells}
            label={t('options.delete.gridLabel')}
            describedBy={helpId}
            selection={{
              selected,
              look: 'remove',
              onChange: (next) => {
                onChange({ uid: file.uid, selected: next });
                setStatus(`${t('options.delete.removing', { count: next.size })} ${t('options.delete.remaining', { count: count - next.size })}`);
              },
            }}
            status={status}
          />
        </>
      )}
    </PagesGate>
  );
}

function DeletePanel({ value, onChange, files }: OptionsPanelProps<DeleteOptions>) {
  const { t } = useTranslation();
  const file = files[0];
  const count = file?.pages;
  const selected = selectionOn(value, file);
  if (!file || count === undefined) return null;
  const all = selected.size === count;

  return (
    <div className="options">
      <PagesField label={t('options.delete.pagesLabel')} count={count} selected={selected} onChange={(next) => onChange({ uid: file.uid, selected: next })} />
      <p className="options__summary" role="status">
        <strong>{t('options.delete.removing', { count: selected.size })}</strong> {t('options.delete.remaining', { count: count - selected.size })}
      </p>
      {all && (
        <p className="field__error" role="alert">
          {t('errors.CANNOT_DELETE_ALL')}
        </p>
      )}
      {selected.size > 0 && (
        <button type="button" className="link-button" onClick={() => onChange({ uid: file.uid, selected: new Set() })}>
          {t('grid.clear')}
        </button>
      )}
    </div>
  );
}

export const deleteOptions = defineOptions<DeleteOptions>({
  initial: { selected: new Set() },
  toRequest: (value, files): OptionsOutcome => {
    const file = files[0];
    const waiting = pagesHint(file);
    if (waiting) return { ok: false, hint: waiting };
    const selected = selectionOn(value, file);
    if (selected.size === 0) return { ok: false, hint: 'options.delete.hintSelect' };
    // The panel shows CANNOT_DELETE_ALL beside the count.
    if (selected.size === file.pages) return { ok: false, hint: null };
    return { ok: true, fields: { pages: rangesField(selected) } };
  },
  Panel: DeletePanel,
  Pages: DeletePages,
  oneDocument: true,
});
