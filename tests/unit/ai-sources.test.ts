import { describe, expect, it } from 'vitest';
import { sourceChips } from '../../web/app/lib/ai-sources';

describe('the source chips under an answer', () => {
  it('gives one chip per page, in the order the answer first cites it, with that page’s first passage', () => {
    const citations = [
      { page: 4, quote: 'Thread-safety.' },
      { page: 2, quote: 'Version 1.3' },
      { page: 4, quote: 'Portability.' },
      { page: 2, quote: 'Version 1.3' },
      { page: 7, quote: 'libtasn1.h' },
    ];
    expect(sourceChips(citations)).toEqual([
      { page: 4, quote: 'Thread-safety.' },
      { page: 2, quote: 'Version 1.3' },
      { page: 7, quote: 'libtasn1.h' },
    ]);
  });
});
