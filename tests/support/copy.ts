import { RESOURCES } from '#shared/i18n';
import { provideServerCopy } from '../../web/app/lib/i18n';

// The tests read the pages' copy as the server renders it: with both languages at hand, as web/app/entry.server.tsx gives it.
provideServerCopy(RESOURCES);

export { getI18n } from '../../web/app/lib/i18n';
