import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import ebooksTool from '#shared/tools/ebooks-to-pdf';
import { CheckboxField, ChoiceGroup } from './options-fields';
import { defineOptions, type OptionsPanelProps } from './options-types';

export type EbooksOptions = z.output<typeof ebooksTool.options>;

const PAPERS = ebooksTool.options.shape.pagesize.unwrap().options;

function EbooksPanel({ value, onChange }: OptionsPanelProps<EbooksOptions>) {
  const { t } = useTranslation();
  return (
    <div className="options-stack">
      <ChoiceGroup
        legend={t('options.paper.legend')}
        value={value.pagesize}
        choices={PAPERS.map((p) => ({ value: p, label: t(`options.paper.${p}.label`), help: t(`options.paper.${p}.help`) }))}
        onChange={(pagesize) => onChange({ ...value, pagesize })}
      />
      <div className="options">
        <CheckboxField label={t('options.ebooks.pageNumbers')} help={t('options.ebooks.pageNumbersHelp')} checked={value.pagenumbers} onChange={(pagenumbers) => onChange({ ...value, pagenumbers })} />
      </div>
    </div>
  );
}

/** eBooks to PDF: the paper, and page numbers at the foot of each page. Each book is its own PDF, so order does not matter. */
export const ebooksOptions = defineOptions<EbooksOptions>({
  initial: ebooksTool.options.parse({}),
  toRequest: (value) => ({ ok: true, fields: { pagesize: value.pagesize, pagenumbers: value.pagenumbers } }),
  Panel: EbooksPanel,
  unordered: true,
});
