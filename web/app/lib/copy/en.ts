import { bundleCopy } from './bundle';

export default bundleCopy<'en'>(import.meta.glob('../../../../shared/src/i18n/en/*.json', { eager: true, import: 'default' }));
