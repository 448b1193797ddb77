import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import pdfToJpgTool, { JPG_DPI, JPG_MODES, JPG_OUTTYPES, JPG_QUALITIES, MAX_JPG_PAGES } from '#shared/tools/pdf-to-jpg';
import type { FileItem } from './flow-state';
import { ChoiceGroup, DpiField, SelectField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps, type RequestFields } from './options-types';

export type PdfToJpgOptions = z.output<typeof pdfToJpgTool.options>;
type Quality = keyof typeof JPG_QUALITIES;

/** Resolutions offered for rendered pages, within the tool's limits. */
export const JPG_DPI_PRESETS = [72, 96, JPG_DPI.default, 200, JPG_DPI.max].filter((d) => d >= JPG_DPI.min && d <= JPG_DPI.max);
const QUALITIES = Object.keys(JPG_QUALITIES) as Quality[];

/** The output is JPEG, so its quality matters: asked for, or rendered pages kept as they come (JPEG). */
const writesJpeg = (value: PdfToJpgOptions) => value.outtype === 'jpg' || value.outtype === 'jpeg' || (value.outtype === 'keep' && value.mode === 'pages');

/** Only the fields that matter for the chosen mode and format are sent; the tool's defaults cover the rest. */
export function pdfToJpgRequest(value: PdfToJpgOptions, files: readonly Pick<FileItem, 'pages'>[]): OptionsOutcome {
  if (files.length === 1 && value.mode === 'pages' && (files[0].pages ?? 0) > MAX_JPG_PAGES) {
    return { ok: false, hint: 'options.pdfToJpg.tooManyPages' };
  }
  const fields: RequestFields = { mode: value.mode, outtype: value.outtype };
  if (value.mode === 'pages') fields.dpi = value.dpi;
  if (writesJpeg(value)) fields.quality = value.quality;
  return { ok: true, fields };
}

function PdfToJpgPanel({ value, onChange }: OptionsPanelProps<PdfToJpgOptions>) {
  const { t } = useTranslation();
  const keepHelp = value.mode === 'pages' ? 'options.pdfToJpg.keepPages' : 'options.pdfToJpg.keepImages';
  return (
    <div className="options-stack">
      <ChoiceGroup
        legend={t('options.pdfToJpg.modeLegend')}
        value={value.mode}
        choices={JPG_MODES.map((m) => ({ value: m, label: t(`options.pdfToJpg.mode.${m}.label`), help: t(`options.pdfToJpg.mode.${m}.help`) }))}
        onChange={(mode) => onChange({ ...value, mode })}
      />
      <div className="options">
        <SelectField
          label={t('options.pdfToJpg.outtypeLabel')}
          value={value.outtype}
          choices={JPG_OUTTYPES.map((o) => ({ value: o, label: t(`options.pdfToJpg.outtype.${o}`) }))}
          onChange={(outtype) => onChange({ ...value, outtype })}
          help={value.outtype === 'keep' ? t(keepHelp) : undefined}
        />
        {value.mode === 'pages' && <DpiField value={value.dpi} presets={JPG_DPI_PRESETS} onChange={(dpi) => onChange({ ...value, dpi })} />}
        {writesJpeg(value) && (
          <SelectField
            label={t('options.pdfToJpg.qualityLabel')}
            value={value.quality}
            choices={QUALITIES.map((q) => ({ value: q, label: t(`options.pdfToJpg.quality.${q}`) }))}
            onChange={(quality) => onChange({ ...value, quality })}
          />
        )}
      </div>
    </div>
  );
}

/** PDF to JPG: whole pages as pictures, or the pictures inside; their format, resolution and quality. */
export const pdfToJpgOptions = defineOptions<PdfToJpgOptions>({
  initial: pdfToJpgTool.options.parse({}),
  toRequest: pdfToJpgRequest,
  Panel: PdfToJpgPanel,
});
