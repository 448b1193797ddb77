import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import dwgToJpgTool, { CAD_DPI } from '#shared/tools/dwg-to-jpg';
import dwgToPdfTool, { CAD_COLORS, CAD_PAPER, type CadColors } from '#shared/tools/dwg-to-pdf';
import { ChoiceGroup, DpiField } from './options-fields';
import { defineOptions, type OptionsPanelProps } from './options-types';

type Paper = (typeof CAD_PAPER)[number];

export interface CadOptions {
  pagesize: Paper;
  colors: CadColors;
  /** JPG only: the resolution, one of the presets. */
  dpi: number;
}

/** Resolutions offered for the JPG, within the tool's limits: screen, the default, print, large print. */
export const CAD_DPI_PRESETS = [96, CAD_DPI.default, 300, CAD_DPI.max].filter((d) => d >= CAD_DPI.min && d <= CAD_DPI.max);

function PaperChoice({ value, onChange }: OptionsPanelProps<CadOptions>) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('options.paper.legend')}
      value={value.pagesize}
      choices={CAD_PAPER.map((p) => ({ value: p, label: t(`options.paper.${p}.label`), help: t(`options.paper.${p}.help`) }))}
      onChange={(pagesize: Paper) => onChange({ ...value, pagesize })}
    />
  );
}

function ColorsChoice({ value, onChange }: OptionsPanelProps<CadOptions>) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('options.cad.colors.legend')}
      value={value.colors}
      choices={CAD_COLORS.map((c) => ({ value: c, label: t(`options.cad.colors.${c}.label`), help: t(`options.cad.colors.${c}.help`) }))}
      onChange={(colors: CadColors) => onChange({ ...value, colors })}
    />
  );
}

function CadPdfPanel(props: OptionsPanelProps<CadOptions>) {
  return (
    <div className="options-stack">
      <PaperChoice {...props} />
      <ColorsChoice {...props} />
    </div>
  );
}

function CadJpgPanel(props: OptionsPanelProps<CadOptions>) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  return (
    <div className="options-stack">
      <PaperChoice {...props} />
      <ColorsChoice {...props} />
      <div className="options">
        <DpiField value={value.dpi} presets={CAD_DPI_PRESETS} onChange={(dpi) => onChange({ ...value, dpi })} help={t('options.cad.dpiHelp')} />
      </div>
    </div>
  );
}

type PdfRequest = z.output<typeof dwgToPdfTool.options>;
type JpgRequest = z.output<typeof dwgToJpgTool.options>;
const jpgDefaults: JpgRequest = dwgToJpgTool.options.parse({});
const pdfDefaults: PdfRequest = dwgToPdfTool.options.parse({});

/** DWG to PDF: the paper the drawing is fitted to and how its colours print. */
export const dwgToPdfOptions = defineOptions<CadOptions>({
  initial: { pagesize: pdfDefaults.pagesize, colors: pdfDefaults.colors, dpi: jpgDefaults.dpi },
  toRequest: (value) => ({ ok: true, fields: { pagesize: value.pagesize, colors: value.colors } }),
  Panel: CadPdfPanel,
});

/** DWG to JPG: the paper, how the colours print and the resolution of the picture. */
export const dwgToJpgOptions = defineOptions<CadOptions>({
  initial: { pagesize: jpgDefaults.pagesize, colors: jpgDefaults.colors, dpi: jpgDefaults.dpi },
  toRequest: (value) => ({ ok: true, fields: { pagesize: value.pagesize, colors: value.colors, dpi: value.dpi } }),
  Panel: CadJpgPanel,
});
