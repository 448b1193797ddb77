import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CROP_PARITIES } from '#shared/tools/crop-pdf';
import { FULL_BOX, MM_PER_POINT, SIDES, boxMargins, withMargin, type CropBox, type Side } from '~/lib/crop-box';
import { rangesField } from '~/lib/page-selection';
import { CropCanvas } from '../crop/crop-canvas';
import { usePageView } from '../crop/use-page-view';
import { fileCells, pagesHint, selectionOn, type FileSelection } from '../page-grid/page-cells';
import { PageGrid } from '../page-grid/page-grid';
import { PagesField } from '../page-grid/pages-field';
import { PagesGate } from '../page-grid/pages-gate';
import { PagesHint } from '../page-grid/pages-hint';
import { ChoiceGroup, CheckboxField, SelectField } from './options-fields';
import type { FileItem } from './flow-state';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps, type RequestFields } from './options-types';

type Scope = (typeof CROP_PARITIES)[number] | 'chosen';
const SCOPES: readonly Scope[] = [...CROP_PARITIES, 'chosen'];
type Unit = 'mm' | 'pt';

/** The box drawn (on the page shown), or trimming; the pages it applies to; the unit of the margin fields. */
export interface CropOptions extends FileSelection {
  mode: 'box' | 'trim';
  box: CropBox;
  /** Size in points, as shown, of the page the box is drawn on: margins are measured on it. */
  size?: { width: number; height: number };
  /** The page shown to draw on, 1-based. */
  view: number;
  scope: Scope;
  common: boolean;
  unit: Unit;
}

function CropPages({ value, onChange, files }: OptionsPanelProps<CropOptions>) {
  const { t } = useTranslation();
  const helpId = useId();
  const [status, setStatus] = useState('');
  const file = files[0];
  const count = file?.pages ?? 0;
  const view = usePageView(file?.objectURL, Math.min(value.view, Math.max(1, count)));
  const picks = selectionOn(value, file);
  const token = file?.fileNameToken;
  const cells = useMemo(() => (file && count ? fileCells(file, count, t) : []), [file?.uid, token, count, t]);
  const ready = typeof view === 'object' ? view : undefined;

  // The margins are measured on the page shown: keep its size with the choices.
  useEffect(() => {
    if (ready && (ready.width !== value.size?.width || ready.height !== value.size?.height)) onChange({ ...value, size: { width: ready.width, height: ready.height } });
  }, [ready?.width, ready?.height]);

  if (!file) return null;
  return (
    <PagesGate file={file}>
      {(pages) => (
        <div className="crop-pages">
          {value.mode === 'box' && (
            <div className="crop-view">
              <div className="crop-view__bar">
                <button type="button" className="button button--secondary button--small" disabled={value.view <= 1} onClick={() => onChange({ ...value, view: value.view - 1 })}>
                  {t('options.crop.previous')}
                </button>
                <span role="status">{t('options.crop.showing', { page: value.view, count: pages })}</span>
                <button type="button" className="button button--secondary button--small" disabled={value.view >= pages} onClick={() => onChange({ ...value, view: value.view + 1 })}>
                  {t('options.crop.next')}
                </button>
              </div>
              {ready ? (
                <>
                  <p id={helpId} className="pages-hint">
                    {t('options.crop.drawHelp')} <span className="pages-hint__keys">{t('options.crop.drawKeys')}</span>
                  </p>
                  <CropCanvas image={ready.image} ratio={ready.width / ready.height} box={value.box} onChange={(box) => onChange({ ...value, box })} label={t('options.crop.boxLabel')} describedBy={helpId} />
                </>
              ) : (
                <p className={`pages-state${view === 'failed' ? ' pages-state--warn' : ' is-loading'}`} role="status">
                  {t(view === 'failed' ? 'grid.unreadable' : 'grid.reading')}
                </p>
              )}
            </div>
          )}
          {value.scope === 'chosen' && (
            <>
              <PagesHint id={`${helpId}-grid`} help={t('options.crop.gridHelp')} keys={t('grid.keysSelect')} />
              <PageGrid
                cells={cells}
                label={t('options.crop.gridLabel')}
                describedBy={`${helpId}-grid`}
                selection={{
                  selected: picks,
                  look: 'pick',
                  onChange: (next) => {
                    onChange({ ...value, uid: file.uid, selected: next });
                    setStatus(t('grid.selectedCount', { count: next.size }));
                  },
                }}
                status={status}
              />
            </>
          )}
        </div>
      )}
    </PagesGate>
  );
}

/** A margin in the chosen unit, two decimals at most. */
const shown = (points: number, unit: Unit) => String(Math.round((unit === 'mm' ? points * MM_PER_POINT : points) * 100) / 100);

function MarginFields({ value, onChange }: OptionsPanelProps<CropOptions>) {
  const { t } = useTranslation();
  const id = useId();
  const size = value.size;
  if (!size) return null;
  const margins = boxMargins(value.box, size);
  const set = (side: Side, text: string) => {
    const n = Number(text.replace(',', '.'));
    if (!Number.isFinite(n)) return;
    onChange({ ...value, box: withMargin(value.box, side, value.unit === 'mm' ? n / MM_PER_POINT : n, size) });
  };
  return (
    <div className="crop-margins">
      <SelectField label={t('options.crop.unitLabel')} value={value.unit} choices={(['mm', 'pt'] as const).map((u) => ({ value: u, label: t(`options.crop.unit.${u}`) }))} onChange={(unit) => onChange({ ...value, unit })} />
      <div className="crop-margins__grid">
        {SIDES.map((side) => (
          <div key={`${side}-${value.unit}`} className="field">
            <label htmlFor={`${id}-${side}`}>{t(`options.crop.margin.${side}`)}</label>
            <input id={`${id}-${side}`} type="number" inputMode="decimal" min={0} step={value.unit === 'mm' ? 1 : 5} value={shown(margins[side], value.unit)} onChange={(e) => set(side, e.target.value)} />
          </div>
        ))}
      </div>
      <button type="button" className="link-button" onClick={() => onChange({ ...value, box: FULL_BOX })}>
        {t('options.crop.reset')}
      </button>
    </div>
  );
}

function CropPanel(props: OptionsPanelProps<CropOptions>) {
  const { value, onChange, files } = props;
  const { t } = useTranslation();
  const file = files[0];
  const picks = selectionOn(value, file);
  return (
    <div className="options-stack">
      <p className="notice" role="note">
        {t('options.crop.hidesNotRemoves')}
      </p>
      <ChoiceGroup
        legend={t('options.crop.modeLegend')}
        value={value.mode}
        choices={(['box', 'trim'] as const).map((m) => ({ value: m, label: t(`options.crop.mode.${m}.label`), help: t(`options.crop.mode.${m}.help`) }))}
        onChange={(mode) => onChange({ ...value, mode })}
        detail={{
          box: <MarginFields {...props} />,
          trim: <CheckboxField label={t('options.crop.common')} help={t('options.crop.commonHelp')} checked={value.common} onChange={(common) => onChange({ ...value, common })} />,
        }}
      />
      <ChoiceGroup
        legend={t('options.crop.scopeLegend')}
        value={value.scope}
        choices={SCOPES.map((s) => ({ value: s, label: t(`options.crop.scope.${s}`) }))}
        onChange={(scope) => onChange({ ...value, scope })}
        detail={{
          chosen: file?.pages !== undefined && (
            <PagesField label={t('options.crop.pagesLabel')} count={file.pages} selected={picks} onChange={(next) => onChange({ ...value, uid: file.uid, selected: next })} />
          ),
        }}
      />
    </div>
  );
}

export function cropRequest(value: CropOptions, files: readonly FileItem[]): OptionsOutcome {
  const waiting = pagesHint(files[0]);
  if (waiting) return { ok: false, hint: waiting };
  const fields: RequestFields = {};
  if (value.scope === 'chosen') {
    const picks = selectionOn(value, files[0]);
    if (picks.size === 0) return { ok: false, hint: 'options.crop.hintPages' };
    fields.pages = rangesField(picks);
  } else {
    fields.parity = value.scope;
  }
  if (value.mode === 'trim') return { ok: true, fields: { ...fields, mode: 'trim', common: value.common } };
  if (!value.size) return { ok: false, hint: 'grid.reading' };
  const margins = boxMargins(value.box, value.size);
  if (SIDES.every((s) => margins[s] === 0)) return { ok: false, hint: 'options.crop.hintBox' };
  return { ok: true, fields: { ...fields, ...margins } };
}

export const cropOptions = defineOptions<CropOptions>({
  initial: { mode: 'box', box: FULL_BOX, view: 1, scope: 'all', common: false, unit: 'mm', selected: new Set() },
  toRequest: cropRequest,
  Panel: CropPanel,
  Pages: CropPages,
});
