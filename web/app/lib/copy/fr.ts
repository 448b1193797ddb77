import { bundleCopy } from './bundle';

export default bundleCopy<'fr'>(import.meta.glob('../../../../shared/src/i18n/fr/*.json', { eager: true, import: 'default' }));
