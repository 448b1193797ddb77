/** One page of each kind the site has, checked for accessibility and photographed in both languages. */
export const SAMPLE_PAGES = [
  { kind: 'home', path: '/' },
  { kind: 'tool', path: '/merge-pdf' },
  { kind: 'form', path: '/w9-form' },
  { kind: 'blog', path: '/reduce-pdf/' },
] as const;
