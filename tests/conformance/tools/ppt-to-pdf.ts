import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { made } from '../office-fixtures';
import { officeInvariant, outputText, slideCount } from '../office-checks';
import { fixture } from '../../support/fixtures';

const office = (name: string) => fixture(`office/${name}`);
const pptx = ['pypptx_cht-charts.pptx', 'pypptx_prs-notes.pptx', 'pypptx_shp-picture.pptx', 'pypptx_tbl-cell.pptx'].map(office);

const pptToPdf: ToolConformance = {
  tool: 'ppt-to-pdf',
  sample: [office('pypptx_tbl-cell.pptx')],
  pagesOf: () => [3],
  invariant: officeInvariant,
  cases: [
    ...pptx.map((file) => ({
      name: `makes one page per slide of ${file.split('/').pop()}`,
      inputs: [file],
      pages: [slideCount(file)],
    })),
    {
      name: 'keeps the text of a slide table',
      inputs: [office('pypptx_tbl-cell.pptx')],
      names: ['pypptx_tbl-cell.pdf'],
      async check(run) {
        expect(await outputText(run)).toContain('unladen swallows');
      },
    },
    {
      name: 'draws embedded charts with their labels',
      inputs: [office('pypptx_cht-charts.pptx')],
      async check(run) {
        expect(await outputText(run)).toMatch(/Category 1.*Series 1|Series 1.*Category 1/);
      },
    },
    {
      name: 'converts a legacy PowerPoint .ppt',
      inputs: [office('unstructured_fake-power-point.ppt')],
      async check(run) {
        expect(await outputText(run)).toContain('Adding a Bullet Slide');
      },
    },
    {
      name: 'converts an OpenDocument presentation, one page per slide',
      inputs: [made('sample.odp')],
      pages: [3],
      async check(run) {
        expect(await outputText(run)).toMatch(/First slide title.*Second slide title.*Third slide title/);
      },
    },
    { name: 'refuses a password-protected pptx with OFFICE_PROTECTED', inputs: [made('protected.pptx')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a password-protected odp with OFFICE_PROTECTED', inputs: [made('protected.odp')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a Word document with UNSUPPORTED_TYPE', inputs: [fixture('office/unstructured_fake.odt')], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default pptToPdf;
