import { bundleCopy } from './bundle';

export default bundleCopy<'fr'>(
  import.meta.glob(
    [
      '../../../../shared/src/i18n/fr/*.json',
      // SERVER_COPY and ROUTE_COPY (see bundle.ts): glob patterns must be literals.
      '!**/{email,aiAnswers,aiQuestions}.json',
      '!**/{about,contact,download,aiPdf,aiTranslate,editor,options,grid,notices}.json',
    ],
    { eager: true, import: 'default' },
  ),
);
