import { PROCESSORS } from '../processors';
import { runHost } from './host-runtime';

// The entry of a task host process (see host-pool.ts). Engines load with the first tool that uses them.
runHost(PROCESSORS, () =>
  Promise.all([import('../engines/chromium').then((m) => m.closeBrowser()), import('../engines/soffice-pool').then((m) => m.closeSofficePool())]),
);
