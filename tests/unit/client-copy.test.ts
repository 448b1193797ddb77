import { describe, expect, it } from 'vitest';
import { PAGE_RESOURCES, RESOURCES } from '#shared/i18n';
import { ROUTE_COPY, SERVER_COPY } from '~/lib/copy/bundle';
import en from '~/lib/copy/en';
import fr from '~/lib/copy/fr';

describe('the copy the browser loads, one language at a time', () => {
  it('is the copy the server renders with, less the copy pages bring themselves and the copy only the server uses', () => {
    for (const [lang, bundle] of [['en', en], ['fr', fr]] as const) {
      const pageFiles = Object.keys(PAGE_RESOURCES[lang]);
      expect(pageFiles.length).toBeGreaterThan(0);
      const leftOut = Object.fromEntries([...ROUTE_COPY, ...SERVER_COPY].map((file) => [file, RESOURCES[lang][file]]));
      expect({ ...bundle, ...PAGE_RESOURCES[lang], ...leftOut }).toEqual(RESOURCES[lang]);
      for (const file of [...pageFiles, ...Object.keys(leftOut)]) expect(bundle, file).not.toHaveProperty(file);
    }
  });
});
