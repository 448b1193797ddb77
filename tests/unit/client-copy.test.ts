import { describe, expect, it } from 'vitest';
import { PAGE_RESOURCES, RESOURCES } from '#shared/i18n';
import en from '~/lib/copy/en';
import fr from '~/lib/copy/fr';

describe('the copy the browser loads, one language at a time', () => {
  it('is the copy the server renders with, less the page-only copy pages bring themselves', () => {
    for (const [lang, bundle] of [['en', en], ['fr', fr]] as const) {
      const pageFiles = Object.keys(PAGE_RESOURCES[lang]);
      expect(pageFiles.length).toBeGreaterThan(0);
      expect({ ...bundle, ...PAGE_RESOURCES[lang] }).toEqual(RESOURCES[lang]);
      for (const file of pageFiles) expect(bundle, file).not.toHaveProperty(file);
    }
  });
});
