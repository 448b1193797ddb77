import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../shared/src/i18n';
import en from '~/lib/copy/en';
import fr from '~/lib/copy/fr';

describe('the copy the browser loads, one language at a time', () => {
  it('is exactly the copy the server renders with', () => {
    expect(en).toEqual(RESOURCES.en);
    expect(fr).toEqual(RESOURCES.fr);
  });
});
