export type LegalId = 'terms' | 'privacy' | 'moneyBack' | 'subscription';

/** A legal page: its copy lives under `legal.<id>`, its canonical path first, then its aliases. */
export interface LegalPage {
  id: LegalId;
  path: string;
  aliases: readonly string[];
  /** Where the page sends a reader next (path without language prefix, key of the label). */
  links: ReadonlyArray<{ to: string; label: string }>;
}

/** When the legal pages' copy last changed, shown at their top. */
export const LEGAL_UPDATED = new Date('2026-11-22T00:00:00Z');

export const LEGAL_PAGES: readonly LegalPage[] = [
  {
    id: 'terms',
    path: '/service',
    aliases: [],
    links: [
      { to: '/privacy-policy', label: 'legal.privacy.title' },
      { to: '/subscription-terms', label: 'legal.subscription.title' },
    ],
  },
  {
    id: 'privacy',
    path: '/privacy-policy',
    aliases: ['/privacyPolicy'],
    links: [
      { to: '/history-tasks', label: 'legal.links.history' },
      { to: '/service', label: 'legal.terms.title' },
    ],
  },
  {
    id: 'moneyBack',
    path: '/money-back-policy',
    aliases: ['/moneyBackPolicy'],
    links: [
      { to: '/account?type=billing', label: 'legal.links.billing' },
      { to: '/subscription-terms', label: 'legal.subscription.title' },
    ],
  },
  {
    id: 'subscription',
    path: '/subscription-terms',
    aliases: ['/subscriptionTerms'],
    links: [
      { to: '/pricing', label: 'legal.links.pricing' },
      { to: '/money-back-policy', label: 'legal.moneyBack.title' },
    ],
  },
];

/** The legal page at a path without its language prefix, aliases included. */
export const legalAt = (bare: string): LegalPage | undefined => {
  const path = bare.replace(/\/+$/, '');
  return LEGAL_PAGES.find((p) => p.path === path || p.aliases.includes(path));
};
