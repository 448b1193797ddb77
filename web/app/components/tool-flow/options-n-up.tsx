import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PAGES_PER_SHEET, PAPER_POINTS, SHEET_ORDERS, SHEET_PAPERS, sheetLayout, slotPosition, type SheetLayout } from '#shared/imposition';
import bookletTool from '#shared/tools/booklet-pdf';
import nUpTool from '#shared/tools/n-up-pdf';
import { CheckboxField, ChoiceGroup, SelectField } from './options-fields';
import { defineOptions, type OptionsPanelProps } from './options-types';

export type NUpOptions = z.output<typeof nUpTool.options>;
export type BookletOptions = z.output<typeof bookletTool.options>;

/** A portrait A4 page stands in for the document's in the sketch: the usual case, and the sheet turns the same way. */
const SKETCH_PAGE = PAPER_POINTS.a4;

/** A small drawing of one sheet with its pages numbered in the order they are placed. */
function SheetSketch({ layout, order, label }: { layout: SheetLayout; order: NUpOptions['order']; label: string }) {
  const count = layout.columns * layout.rows;
  const cells = Array.from({ length: count }, (_, slot) => ({ slot, ...slotPosition(slot, layout, order) }));
  const style = { '--columns': layout.columns, '--rows': layout.rows, aspectRatio: `${layout.sheet.width} / ${layout.sheet.height}` } as CSSProperties;
  return (
    <div className="sheet-sketch" style={style} role="img" aria-label={label}>
      {cells.map(({ slot, column, row }) => (
        <span key={slot} className="sheet-sketch__page" style={{ gridColumn: column + 1, gridRow: row + 1 }}>
          {slot + 1}
        </span>
      ))}
    </div>
  );
}

function NUpPanel({ value, onChange }: OptionsPanelProps<NUpOptions>) {
  const { t } = useTranslation();
  const paper = value.sheet === 'same' ? SKETCH_PAGE : PAPER_POINTS[value.sheet];
  const layout = sheetLayout(value.perSheet, paper, SKETCH_PAGE);
  return (
    <div className="options-stack">
      <fieldset className="options">
        <legend className="options__legend">{t('options.nUp.perSheetLegend')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('options.nUp.perSheetLegend')}>
          {PAGES_PER_SHEET.map((n) => (
            <label key={n} className={`segmented__item${value.perSheet === n ? ' is-active' : ''}`}>
              <input type="radio" name="n-up-per-sheet" checked={value.perSheet === n} onChange={() => onChange({ ...value, perSheet: n })} />
              {n}
            </label>
          ))}
        </div>
        <SheetSketch layout={layout} order={value.order} label={t('options.nUp.sketch', { count: value.perSheet, columns: layout.columns, rows: layout.rows })} />
      </fieldset>
      <ChoiceGroup
        legend={t('options.nUp.orderLegend')}
        value={value.order}
        choices={SHEET_ORDERS.map((o) => ({ value: o, label: t(`options.nUp.order.${o}.label`), help: t(`options.nUp.order.${o}.help`) }))}
        onChange={(order) => onChange({ ...value, order })}
      />
      <div className="options">
        <SelectField
          label={t('options.sheet.label')}
          value={value.sheet}
          choices={SHEET_PAPERS.map((p) => ({ value: p, label: t(`options.sheet.${p}`) }))}
          onChange={(sheet) => onChange({ ...value, sheet })}
        />
        <CheckboxField label={t('options.nUp.borders')} checked={value.borders} onChange={(borders) => onChange({ ...value, borders })} />
      </div>
    </div>
  );
}

/** N-up: the tool's defaults, with only the fields that differ from them sent. */
export const nUpOptions = defineOptions<NUpOptions>({
  initial: nUpTool.options.parse({}),
  toRequest: (value) => ({ ok: true, fields: { perSheet: value.perSheet, order: value.order, borders: value.borders, sheet: value.sheet } }),
  Panel: NUpPanel,
});

function BookletPanel({ value, onChange }: OptionsPanelProps<BookletOptions>) {
  const { t } = useTranslation();
  return (
    <div className="options-stack">
      <div className="options">
        <SelectField
          label={t('options.booklet.sheetLabel')}
          value={value.sheet}
          choices={SHEET_PAPERS.map((p) => ({ value: p, label: t(p === 'same' ? 'options.booklet.same' : `options.sheet.${p}`) }))}
          onChange={(sheet) => onChange({ ...value, sheet })}
        />
        <p className="field__help">{t('options.booklet.blanks')}</p>
      </div>
      <div className="notice" role="note">
        <p>
          <strong>{t('options.booklet.printTitle')}</strong> {t('notices.BOOKLET_PRINTING')}
        </p>
      </div>
    </div>
  );
}

/** Booklet: the paper; the printing hint is on the panel and again with the result. */
export const bookletOptions = defineOptions<BookletOptions>({
  initial: bookletTool.options.parse({}),
  toRequest: (value) => ({ ok: true, fields: { sheet: value.sheet } }),
  Panel: BookletPanel,
});
