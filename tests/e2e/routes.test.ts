import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES, CATEGORIES } from '../../prisma/seed-data/blog';
import { LANGS } from '#shared/i18n';
import { randomId } from '#shared/server/ids';
import { inMenu, toolCatalog, toolSlugs } from '#shared/tools';
import { localizePath, type Lang } from '../../web/app/lib/i18n';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

/**
 * The spec's whole route list, in English and under /fr, fetched like a search engine or curl
 * would: one plain request, redirects not followed. Each page answers with its status, its
 * <title>, <html lang> and a string of its own copy (and of its layout) in the page's language.
 */

type T = (key: string, options?: Record<string, unknown>) => string;
type Layout = 'default' | 'top' | 'dark';

type Expectation =
  /** A page: 200, its title and a string of its body. */
  | { kind: 'page'; title: (t: T) => string; text: (t: T) => string; layout?: Layout; session?: boolean; /** Requested with the session cookie, but open to visitors too. */ signedIn?: boolean; current?: string }
  /** Unknown routes and parameters that fail validation: the 404 page. */
  | { kind: 'notFound' };

interface RouteCase {
  /** Path without language prefix. */
  path: string;
  expect: Expectation;
}

const page = (title: string, text: string, extra: { layout?: Layout; session?: boolean; signedIn?: boolean; current?: string } = {}): Expectation => ({
  kind: 'page',
  title: (t) => t(title),
  text: (t) => t(text),
  ...extra,
});

function routes(lang: Lang): RouteCase[] {
  const guide = ARTICLES[lang].find((a) => a.category !== 'reduce-pdf');
  if (!guide) throw new Error('the blog seed has no article outside reduce-pdf');
  const guideCategory = CATEGORIES[lang].find((c) => c.slug === guide.category);
  const home = CATEGORIES[lang].find((c) => c.slug === 'reduce-pdf');
  const blogTitle = (name: string | undefined) => (t: T) => t('blog.metaTitle', { category: name });

  return [
    { path: '/', expect: page('site.metaTitle', 'home.heroTitle') },
    // Tools, aliases included (/shrink-pdf, /edit).
    ...toolSlugs().map(({ slug, toolId }) => ({ path: `/${slug}`, expect: page(`tools.${toolId}.metaTitle`, `tools.${toolId}.title`) })),
    // Forms.
    ...(['w9', '1099', 'w2', '941', 'ds11'] as const).map((id) => ({ path: `/${id}-form`, expect: page(`forms.${id}.metaTitle`, `forms.${id}.title`) })),
    // Company and legal pages, aliases included.
    { path: '/about-us', expect: page('about.metaTitle', 'about.title') },
    { path: '/contact-us', expect: page('contact.metaTitle', 'contact.title') },
    { path: '/contactUs', expect: page('contact.metaTitle', 'contact.title') },
    { path: '/service', expect: page('legal.terms.metaTitle', 'legal.terms.title') },
    { path: '/privacy-policy', expect: page('legal.privacy.metaTitle', 'legal.privacy.title') },
    { path: '/privacyPolicy', expect: page('legal.privacy.metaTitle', 'legal.privacy.title') },
    { path: '/money-back-policy', expect: page('legal.moneyBack.metaTitle', 'legal.moneyBack.title') },
    { path: '/moneyBackPolicy', expect: page('legal.moneyBack.metaTitle', 'legal.moneyBack.title') },
    { path: '/subscription-terms', expect: page('legal.subscription.metaTitle', 'legal.subscription.title') },
    { path: '/subscriptionTerms', expect: page('legal.subscription.metaTitle', 'legal.subscription.title') },
    { path: '/download', expect: page('download.metaTitle', 'download.title') },
    // This stack has no billing: the pricing page says every tool is free here.
    { path: '/pricing', expect: page('pricing.freeServer.metaTitle', 'pricing.freeServer.title') },
    // Blog: its home, a category, an article; an unknown article is a failed validation.
    { path: '/reduce-pdf/', expect: { kind: 'page', title: blogTitle(home?.name), text: () => home?.name ?? '' } },
    { path: `/${guide.category}`, expect: { kind: 'page', title: blogTitle(guideCategory?.name), text: () => guideCategory?.name ?? '' } },
    { path: `/${guide.category}/${guide.url}`, expect: { kind: 'page', title: (t) => t('blog.articleMetaTitle', { title: guide.title }), text: () => guide.title } },
    { path: `/${guide.category}/no-such-article`, expect: { kind: 'notFound' } },
    // Accounts.
    { path: '/log-in', expect: page('auth.pages.logInMetaTitle', 'home.heroTitle') },
    { path: '/sign-up', expect: page('auth.pages.signUpMetaTitle', 'home.heroTitle') },
    { path: '/success-log-in', expect: page('auth.success.metaTitle', 'auth.success.title', { signedIn: true }) },
    // A visitor who is not signed in is told so, not "You are logged in".
    { path: '/success-log-in', expect: page('auth.success.signedOutMetaTitle', 'auth.success.signedOutTitle') },
    { path: '/account', expect: page('account.metaTitle', 'account.title', { session: true, current: 'account.tabs.profile' }) },
    { path: '/account?type=billing', expect: page('account.metaTitle', 'account.title', { session: true, current: 'account.tabs.billing' }) },
    // A visitor is told to log in there, not sent home.
    { path: '/history-tasks', expect: page('history.metaTitle', 'history.signedOut.title') },
    { path: '/history-tasks', expect: page('history.metaTitle', 'history.lead', { signedIn: true }) },
    { path: '/pay-fwd', expect: page('subscription.payFwd.metaTitle', 'subscription.payFwd.checking', { session: true }) },
    { path: '/success-subscription', expect: page('subscription.success.metaTitle', 'subscription.success.checking', { session: true }) },
    // AI PDF: the placeholder; a chat id that is not an id is a failed validation.
    { path: '/ai-pdf', expect: page('aiPdf.metaTitle', 'aiPdf.title') },
    { path: '/ai-pdf/chat/cm3x9k2ab0001', expect: page('aiPdf.chat.metaTitle', 'aiPdf.chat.title', { layout: 'dark' }) },
    { path: '/ai-pdf/chat/x', expect: { kind: 'notFound' } },
    { path: '/ai-pdf/chat/not!an$id', expect: { kind: 'notFound' } },
    // The /app workspace and its children.
    { path: '/app', expect: page('workspace.metaTitle', 'workspace.title', { layout: 'top' }) },
    { path: '/app/ai-pdf', expect: page('aiPdf.metaTitle', 'aiPdf.title', { layout: 'top' }) },
    ...inMenu(toolCatalog(), 'workspace').map(({ id }) => ({ path: `/app/${id}`, expect: page(`tools.${id}.metaTitle`, `tools.${id}.title`, { layout: 'top' }) })),
    // Unknown routes, one to three segments deep.
    { path: '/nope', expect: { kind: 'notFound' } },
    { path: '/no-such-page', expect: { kind: 'notFound' } },
    { path: '/app/merge-pdf', expect: { kind: 'notFound' } },
    { path: '/no/such/page', expect: { kind: 'notFound' } },
  ];
}

/** A string of each layout's chrome, so the header or bar is checked to be in the page's language too. */
const CHROME: Record<Layout, string> = { default: 'nav.moreTools', top: 'workspace.home', dark: 'workspace.home' };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };
/** The page's text as a reader sees it: entities decoded, React's text separators removed. */
const readable = (html: string) => html.replace(/<!-- -->/g, '').replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e: string) => ENTITIES[e]);

describe('every route of the spec, in both languages, over plain HTTP', () => {
  let stack: Stack;
  let sessionCookie: string;

  beforeAll(async () => {
    stack = await startStack({}, { web: true, worker: false });
    const user = await stack.deps.db.user.create({ data: { email: `routes.${randomId(10)}@example.com`, name: 'Route Walker' } });
    const token = randomId(48);
    await stack.deps.db.session.create({ data: { token, userId: user.id, expiresAt: new Date(Date.now() + 3600_000) } });
    sessionCookie = `sheafUserToken=${token}`;
  });
  afterAll(() => stack?.stop());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.baseUrl}${path}`, { redirect: 'manual', headers });
  const where = (res: Response) => {
    const url = new URL(res.headers.get('location') ?? '', stack.baseUrl);
    return `${url.pathname}${url.search}`;
  };

  for (const lang of LANGS) {
    const other: Lang = lang === 'en' ? 'fr' : 'en';
    const t: T = (key, options) => getI18n(lang).t(key, options);
    const tOther: T = (key, options) => getI18n(other).t(key, options);
    const home = localizePath('/', lang);
    // Accept-Language in the page's language: the root path's detection must not move anyone.
    const headers = { 'accept-language': lang };

    describe(lang, () => {
      it.each(routes(lang).map((r) => [localizePath(r.path, lang), r] as const))('%s', async (path, { expect: want }) => {
        if (want.kind === 'page' && want.session) {
          // Without a session the server sends the visitor home; with one, the page.
          const refused = await get(path, headers);
          expect(refused.status, 'without a session').toBe(302);
          expect(where(refused)).toBe(home);
        }
        const res = await get(path, want.kind === 'page' && (want.session || want.signedIn) ? { ...headers, cookie: sessionCookie } : headers);
        const html = readable(await res.text());
        expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];

        if (want.kind === 'notFound') {
          expect(res.status).toBe(404);
          expect(title).toBe(t('errorPage.notFoundMetaTitle'));
          for (const key of ['errorPage.notFoundTitle', 'errorPage.notFoundLead', 'errorPage.notFoundText', 'errorPage.goHome']) expect(html).toContain(t(key));
          expect(html).toContain(`href="${home}"`);
          // In the site's frame (header and footer), with a way on to the tools.
          for (const key of ['nav.moreTools', 'nav.footer.tagline', 'errorPage.toolsHeading', 'errorPage.allTools', 'tools.compress-pdf.name']) expect(html).toContain(t(key));
          expect(html).toContain(`href="${localizePath('/compress-pdf', lang)}"`);
          expect(html).toContain(`href="${home}#tools"`);
          expect(html).toContain('<meta name="robots" content="noindex"/>');
          return;
        }

        expect(res.status).toBe(200);
        expect(title).toBe(want.title(t));
        const text = want.text(t);
        expect(text).not.toBe('');
        expect(html).toContain(text);
        // The link of the page's own tab is marked current (/account?type=billing opens billing).
        if (want.current) expect(html).toMatch(new RegExp(`aria-current="page"[^>]*>${t(want.current)}<`));
        const chrome = CHROME[want.layout ?? 'default'];
        expect(html).toContain(t(chrome));
        // Nothing of the other language's copy for the same strings.
        if (want.title(tOther) !== want.title(t)) expect(html).not.toContain(`<title>${want.title(tOther)}</title>`);
        if (tOther(chrome) !== t(chrome)) expect(html).not.toContain(`>${tOther(chrome)}<`);
      });
    });
  }

  describe('language detection on the root path', () => {
    it('sends a French browser from / to /fr and remembers French for 365 days', async () => {
      const res = await get('/?channel=mail', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
      expect(res.status).toBe(302);
      expect(where(res)).toBe('/fr?channel=mail');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lang='));
      expect(cookie).toMatch(/^lang=fr;/);
      expect(cookie).toMatch(/Max-Age=31536000/);
      expect(cookie).toMatch(/Path=\//);
      expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    });

    it('keeps a remembered English choice on / whatever the browser prefers', async () => {
      const res = await get('/', { 'accept-language': 'fr-FR,fr', cookie: 'lang=en' });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
      expect(await res.text()).toMatch(/<html lang="en"/);
    });

    it('sends a remembered French choice from / to /fr', async () => {
      const res = await get('/', { 'accept-language': 'en-US,en', cookie: 'lang=fr' });
      expect(res.status).toBe(302);
      expect(where(res)).toBe('/fr');
    });

    it('stays in English on / for an English or unknown browser language', async () => {
      for (const language of ['en-GB,en;q=0.9', 'de-DE,de;q=0.9', '']) {
        const res = await get('/', { 'accept-language': language });
        expect(res.status, language).toBe(200);
        expect(res.headers.getSetCookie().some((c) => c.startsWith('lang=')), language).toBe(false);
      }
    });

    it('detects only on the root path', async () => {
      const tool = await get('/merge-pdf', { 'accept-language': 'fr-FR,fr' });
      expect(tool.status).toBe(200);
      expect(await tool.text()).toMatch(/<html lang="en"/);
      const fr = await get('/fr', { 'accept-language': 'en-US,en' });
      expect(fr.status).toBe(200);
      expect(await fr.text()).toMatch(/<html lang="fr"/);
    });
  });
});
