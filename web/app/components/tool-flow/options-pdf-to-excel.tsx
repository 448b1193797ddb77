import { useTranslation } from 'react-i18next';
import pdfToExcelTool from '#shared/tools/pdf-to-excel';
import { CheckboxField } from './options-fields';
import { defineOptions, type OptionsPanelProps } from './options-types';

export interface PdfToExcelOptions {
  /** Every page's tables on one sheet, instead of a sheet per page. */
  excelonesheet: boolean;
}

/** Whether the tool's declaration takes the one-sheet choice; the panel appears only then. */
export const takesOneSheet = 'excelonesheet' in pdfToExcelTool.options.shape;

function PdfToExcelPanel({ value, onChange }: OptionsPanelProps<PdfToExcelOptions>) {
  const { t } = useTranslation();
  return (
    <div className="options">
      <CheckboxField label={t('options.pdfToExcel.oneSheet')} help={t('options.pdfToExcel.oneSheetHelp')} checked={value.excelonesheet} onChange={(excelonesheet) => onChange({ excelonesheet })} />
    </div>
  );
}

/** PDF to Excel: a sheet per page, or every page on one sheet. */
export const pdfToExcelOptions = defineOptions<PdfToExcelOptions>({
  initial: { excelonesheet: (pdfToExcelTool.options.parse({}) as Partial<PdfToExcelOptions>).excelonesheet ?? false },
  toRequest: (value) => ({ ok: true, fields: { excelonesheet: value.excelonesheet } }),
  Panel: PdfToExcelPanel,
});
