import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Lang } from '#shared/i18n';
import pdfaTool, { PDFA_LEVELS, PDFA_MODES } from '#shared/tools/pdf-to-pdfa';
import { ChoiceGroup } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

export type PdfaOptions = z.output<typeof pdfaTool.options>;

/** A conversion sends its level; a check sends the language its report is written in. */
export function pdfaRequest(value: PdfaOptions): OptionsOutcome {
  return { ok: true, fields: value.mode === 'check' ? { mode: 'check', lang: value.lang } : { mode: 'convert', conformance: value.conformance } };
}

function PdfaPanel({ value, onChange }: OptionsPanelProps<PdfaOptions>) {
  const { t } = useTranslation();
  return (
    <div className="options-stack">
      <ChoiceGroup
        legend={t('options.pdfa.modeLegend')}
        value={value.mode}
        choices={PDFA_MODES.map((m) => ({ value: m, label: t(`options.pdfa.mode.${m}.label`), help: t(`options.pdfa.mode.${m}.help`) }))}
        onChange={(mode) => onChange({ ...value, mode })}
      />
      {value.mode === 'convert' ? (
        <ChoiceGroup
          legend={t('options.pdfa.levelLabel')}
          value={value.conformance}
          choices={PDFA_LEVELS.map((level) => ({ value: level, label: t(`options.pdfa.level.${level}`) }))}
          onChange={(conformance) => onChange({ ...value, conformance })}
          help={t(`options.pdfa.checkedBy.${value.conformance}`)}
        />
      ) : (
        <p className="field__help">{t('options.pdfa.checkNote')}</p>
      )}
    </div>
  );
}

/** PDF to PDF/A: convert at a level (2b unless chosen), or check a file and get a report in the page's language. */
export const pdfaOptions = defineOptions<PdfaOptions>({
  initial: pdfaTool.options.parse({}),
  initialFor: (lang: Lang) => pdfaTool.options.parse({ lang }),
  toRequest: pdfaRequest,
  action: (value) => (value.mode === 'check' ? 'options.pdfa.checkAction' : undefined),
  Panel: PdfaPanel,
});
