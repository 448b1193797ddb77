import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES, CATEGORIES } from '../../prisma/seed-data/blog';
import { LANGS } from '#shared/i18n';
import { toolSlugs } from '#shared/tools';
import { FORM_PAGES } from '../../web/app/lib/forms';
import { localizePath, type Lang } from '../../web/app/lib/i18n';
import { runCaptured } from '../support/run-captured';
import { LEGAL_PAGES } from '../../web/app/lib/legal-pages';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

/**
 * The content pages (forms, blog, legal and company pages, /download, /pricing) as a search
 * engine or curl sees them: one plain request each, redirects not followed, the server's HTML.
 */

const WEB_BUILD = path.resolve(import.meta.dirname, '../../web/build/server/index.js');
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');
const RETENTION = 45;
/** Not the default 100 MB: the tool pages must state the configured limit. */
const MAX_UPLOAD_MB = 250;
const WINDOWS_INSTALLER = 'https://downloads.example.test/Sheaf-Setup.exe';
const UA = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

interface Page {
  status: number;
  location: string | null;
  html: string;
  /** The HTML with entities decoded, so copy can be compared with the locale files. */
  text: string;
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Whether the page holds a string; a failure names the string, not the whole page. */
const expectIn = (text: string, part: string) => expect(text.includes(part), `page should contain: ${part}`).toBe(true);
const expectNotIn = (text: string, part: string) => expect(text.includes(part), `page should not contain: ${part}`).toBe(false);
const linkTo = (href: string, label: string) => new RegExp(`<a href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`);

/**
 * The blank form's fields: how many the AcroForm lists (qpdf --json), and how many widget
 * annotations on its pages are not reachable from the AcroForm's field tree, so do not fill in.
 */
/**
 * An engine run that leaves the event loop free: the server under test lives in this process, and
 * a synchronous run of a few seconds lets its keep-alive timer close a socket fetch then reuses
 * (ECONNRESET).
 */
const engine = async (command: string, args: string[]) => {
  const run = await runCaptured(command, args, { cwd: process.cwd() });
  return { status: run.code, stdout: run.stdout, stderr: run.stderr };
};

async function formFields(file: string): Promise<{ fields: number; detached: number }> {
  // qpdf exits 3 when it only warns (about those very detached widgets, for one).
  const qpdfJson = async (args: string[]) => {
    const run = await engine('qpdf', [...args, file]);
    expect([0, 3], run.stderr).toContain(run.status);
    return JSON.parse(run.stdout) as unknown;
  };
  const fields = ((await qpdfJson(['--json', '--json-key=acroform'])) as { acroform: { fields: unknown[] } }).acroform.fields.length;
  type Obj = Record<string, unknown>;
  const all = ((await qpdfJson(['--json=2', '--json-key=qpdf'])) as { qpdf: [unknown, Record<string, { value?: Obj }>] }).qpdf[1];
  const deref = (v: unknown): Obj | undefined => (typeof v === 'string' ? all[`obj:${v}`]?.value : (v as Obj | undefined));
  const root = deref(all.trailer.value!['/Root'])!;
  const inTree = new Set<unknown>();
  const walk = (ref: unknown) => {
    if (inTree.has(ref)) return;
    inTree.add(ref);
    for (const kid of (deref(deref(ref)?.['/Kids']) as unknown as unknown[]) ?? []) walk(kid);
  };
  for (const ref of (deref(deref(root['/AcroForm'])?.['/Fields']) as unknown as unknown[]) ?? []) walk(ref);
  let detached = 0;
  for (const [key, obj] of Object.entries(all)) {
    if (!key.startsWith('obj:') || obj.value?.['/Type'] !== '/Page') continue;
    for (const annot of (deref(obj.value['/Annots']) as unknown as unknown[]) ?? []) {
      if (deref(annot)?.['/Subtype'] !== '/Widget') continue;
      // A widget belongs to the form when it, or a field above it, is in the AcroForm's tree.
      let node: unknown = annot;
      while (node !== undefined && !inTree.has(node)) node = deref(node)?.['/Parent'];
      if (node === undefined) detached++;
    }
  }
  return { fields, detached };
}

/** The State Department publishes the DS-11 as a print-only PDF, without form fields. */
const PRINT_ONLY_FORMS = new Set(['ds11']);

const titleOf = (page: Page) => decode(/<title>([^<]*)<\/title>/.exec(page.html)?.[1] ?? '');
const linkHref = (page: Page, rel: string, extra = '') => new RegExp(`<link rel="${rel}"${extra} href="([^"]+)"`).exec(page.html)?.[1];

describe('content pages', () => {
  let stack: Stack;
  const get = async (p: string, userAgent = UA.windows): Promise<Page> => {
    const res = await fetch(stack.baseUrl + p, { redirect: 'manual', headers: { 'user-agent': userAgent } });
    const html = await res.text();
    return { status: res.status, location: res.headers.get('location'), html, text: decode(html) };
  };

  beforeAll(async () => {
    if (!fs.existsSync(WEB_BUILD)) throw new Error('build the web first: NODE_ENV=production npx react-router build web');
    stack = await startStack({ FILE_RETENTION_MINUTES: RETENTION, DESKTOP_WINDOWS_URL: WINDOWS_INSTALLER, MAX_UPLOAD_MB }, { worker: false, web: true });
  });
  afterAll(() => stack?.stop());

  describe.each(LANGS)('in %s', (lang: Lang) => {
    const { t } = getI18n(lang);
    const at = (p: string) => localizePath(p, lang);

    it('serves every form page with its copy, facts, questions and the not-affiliated note', async () => {
      for (const form of FORM_PAGES) {
        const page = await get(at(form.path));
        expect(page.status, form.path).toBe(200);
        expectIn(page.html, `<html lang="${lang}"`);
        expect(titleOf(page)).toBe(t(`forms.${form.id}.metaTitle`));
        expectIn(page.text, `<h1 class="content-hero__title">${t(`forms.${form.id}.title`)}</h1>`);
        expectIn(page.text, t(`forms.notAffiliated.${form.authority}`));
        expectIn(page.text, t('forms.askTitle'));
        for (const qa of t(`forms.${form.id}.faq`, { returnObjects: true }) as Array<{ q: string }>) expectIn(page.text, `<summary class="faq__question">${qa.q}</summary>`);
        expect(linkHref(page, 'canonical')).toBe(`${stack.baseUrl}${at(form.path)}`);
      }
    });

    it('states the spec’s facts: 1099 due 31 January, 15.3% = 12.4% + 2.9%', async () => {
      const due = lang === 'en' ? 'January 31' : '31 janvier';
      expectIn((await get(at('/1099-form'))).text, due);
      const rates = lang === 'en' ? ['15.3%', '12.4% + 2.9%'] : ['15,3 %', '12,4 % + 2,9 %'];
      const f941 = (await get(at('/941-form'))).text;
      for (const rate of rates) expectIn(f941, rate);
    });

    it('links Get form to the editor with the blank loaded and offers the blank official PDF, or links irs.gov for the 1099', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-forms-'));
      try {
        for (const form of FORM_PAGES) {
          const page = await get(at(form.path));
          const cta = /<div class="form-cta"><a[^>]* href="([^"]+)"[^>]*>(.*?)<\/a>/.exec(page.text);
          expect(cta, form.path).not.toBeNull();
          if (!form.blank) {
            expect(cta![1]).toBe(form.officialUrl);
            expect(cta![2]).toContain(t('forms.getFormOn', { site: t(`forms.${form.id}.site`) }));
            expectIn(page.text, t(`forms.${form.id}.noBlank`));
            continue;
          }
          expect(cta![2]).toContain(t('forms.getForm'));
          expect(cta![1]).toBe(at(`/edit-pdf?form=${form.id}`));
          const blank = /<a class="form-cta__download" href="([^"]+)"[^>]*>(.*?)<\/a>/.exec(page.text);
          expect(blank?.[1], form.path).toBe(form.blank);
          expect(blank![2]).toContain(t('forms.downloadBlank'));
          const res = await fetch(stack.baseUrl + blank![1]);
          expect(res.status, blank![1]).toBe(200);
          const bytes = Buffer.from(await res.arrayBuffer());
          expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          const file = path.join(dir, path.basename(blank![1]));
          fs.writeFileSync(file, bytes);
          // qpdf exits 0 for a clean file and 3 for warnings only; 2 means the file is broken.
          expect((await engine('qpdf', ['--check', file])).status, blank![1]).not.toBe(2);
          if (PRINT_ONLY_FORMS.has(form.id)) continue;
          // Fillable: the form has fields, and every widget on its pages is one of them.
          const { fields, detached } = await formFields(file);
          expect(fields, blank![1]).toBeGreaterThan(0);
          expect(detached, blank![1]).toBe(0);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('ships the newest revisions it has and says which one, warning when the blank is past its expiry', async () => {
      const printed = async (file: string) => (await engine('pdftotext', ['-l', '2', path.join(WEB_PUBLIC, file), '-'])).stdout;
      expect(await printed('forms/fw9.pdf')).toMatch(/Rev\. March 2024/);
      expect(await printed('forms/fw2.pdf')).toMatch(/2025/);
      for (const form of FORM_PAGES.filter((f) => f.blank)) {
        const page = await get(at(form.path));
        expectIn(page.text, t('forms.officialSource', { source: t(`forms.${form.id}.source`) }));
        if (form.staleBlank) expectIn(page.text, t(`forms.${form.id}.staleNote`));
        else expect(page.text).not.toContain('class="form-cta__stale"');
      }
    });

    it('gives every tool page, built or not, its title, subtitle, three steps and questions, with the configured upload limit', async () => {
      for (const { slug, toolId } of toolSlugs()) {
        const page = await get(at(`/${slug}`));
        expect(page.status, slug).toBe(200);
        expectIn(page.text, `<h1 class="tool-hero__title">${t(`tools.${toolId}.title`)}</h1>`);
        expectIn(page.text, t(`tools.${toolId}.subtitle`));
        const steps = [...page.text.matchAll(/<li class="step">.*?<\/h3>/g)].map((m) => m[0]);
        expect(steps, slug).toHaveLength(3);
        const guide = t(`toolGuides.${toolId}.steps`, { returnObjects: true }) as Array<{ title: string }>;
        guide.forEach((step, i) => expect(steps[i], slug).toContain(step.title));
        const faq = t(`toolGuides.${toolId}.faq`, { returnObjects: true }) as Array<{ q: string }>;
        expect(faq.length, slug).toBeGreaterThanOrEqual(3);
        for (const qa of faq) expectIn(page.text, `<summary class="faq__question">${qa.q}</summary>`);
        // The same questions as structured data for search engines.
        expectIn(page.html, '"@type":"FAQPage"');
      }
      const size = lang === 'en' ? `${MAX_UPLOAD_MB} MB` : `${MAX_UPLOAD_MB} Mo`;
      const merge = (await get(at('/merge-pdf'))).text;
      expectIn(merge, t('flow.dropzone.limitsMany', { max: 30, size }));
      expectNotIn(merge, t('flow.dropzone.limitsMany', { max: 30, size: size.replace(String(MAX_UPLOAD_MB), '100') }));
    });

    it('lists the seeded articles on the blog home, and each category on its page', async () => {
      const home = await get(at('/reduce-pdf/'));
      expect(home.status).toBe(200);
      const reduce = CATEGORIES[lang].find((c) => c.slug === 'reduce-pdf')!;
      expect(titleOf(home)).toBe(t('blog.metaTitle', { category: reduce.name }));
      for (const article of ARTICLES[lang]) {
        // The home lists its own category in full and the newest three of each other category.
        const newest = ARTICLES[lang]
          .filter((a) => a.category === article.category)
          .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
          .slice(0, 3);
        if (article.category === 'reduce-pdf' || newest.includes(article)) {
          expect(linkTo(at(`/${article.category}/${article.url}`), article.title).test(home.text), article.url).toBe(true);
        }
      }
      for (const category of CATEGORIES[lang].filter((c) => c.slug !== 'reduce-pdf')) {
        const page = await get(at(`/${category.slug}`));
        expect(page.status).toBe(200);
        expect(titleOf(page)).toBe(t('blog.metaTitle', { category: category.name }));
        for (const article of ARTICLES[lang].filter((a) => a.category === category.slug)) expectIn(page.text, article.title);
        for (const article of ARTICLES[lang].filter((a) => a.category !== category.slug)) expectNotIn(page.text, article.title);
      }
    });

    it('renders an article with its body, server-side', async () => {
      for (const article of ARTICLES[lang]) {
        const page = await get(at(`/${article.category}/${article.url}`));
        expect(page.status, article.url).toBe(200);
        expect(titleOf(page)).toBe(t('blog.articleMetaTitle', { title: article.title }));
        expectIn(page.text, `<h1 class="article__title">${article.title}</h1>`);
        // The body is stored HTML; its first heading and paragraph arrive as they were written.
        const firstParagraph = /<p>(.*?)<\/p>/.exec(article.body)![1];
        expectIn(page.text, firstParagraph);
        expectIn(page.html, '"@type":"BlogPosting"');
      }
    });

    it('shows the 404 page for an article id that fails validation or does not exist', async () => {
      const guide = ARTICLES[lang].find((a) => a.category === 'pdf-guides')!;
      for (const p of ['/reduce-pdf/Not_A_Slug', '/reduce-pdf/no-such-article', `/reduce-pdf/${guide.url}`, '/reduce-pdf/?page=9', '/reduce-pdf/?page=abc']) {
        const page = await get(at(p));
        expect(page.status, p).toBe(404);
        expectIn(page.text, t('errorPage.notFoundLead'));
      }
    });

    it('shows the 404 page for a path that names no blog category, like any unknown route', async () => {
      for (const p of ['/no-such-category', '/no-such-category/some-article', '/Not_A_Slug']) {
        const page = await get(at(p));
        expect(page.status, p).toBe(404);
        expectIn(page.text, t('errorPage.notFoundLead'));
      }
    });

    it('serves the legal pages and their aliases, stating the configured file retention', async () => {
      for (const legal of LEGAL_PAGES) {
        for (const p of [legal.path, ...legal.aliases]) {
          const page = await get(at(p));
          expect(page.status, p).toBe(200);
          expect(titleOf(page)).toBe(t(`legal.${legal.id}.metaTitle`));
          // Aliases point search engines at the page's own path.
          expect(linkHref(page, 'canonical')).toBe(`${stack.baseUrl}${at(legal.path)}`);
        }
      }
      const privacy = await get(at('/privacy-policy'));
      expectIn(privacy.text, t('units.minutes', { count: RETENTION }));
      expectNotIn(privacy.text, t('units.minutes', { count: 60 }));
      const refunds = (await get(at('/money-back-policy'))).text;
      const rules = t('legal.moneyBack.sections', { returnObjects: true, trialDays: 3 }) as Array<{ items?: string[] }>;
      for (const rule of rules.flatMap((s) => s.items ?? [])) expectIn(refunds, rule);
      expectIn(refunds, lang === 'en' ? '5 to 8 business days' : '5 à 8 jours ouvrés');
    });

    it('serves the about page with the configured figures', async () => {
      const page = await get(at('/about-us'));
      expect(page.status).toBe(200);
      expect(titleOf(page)).toBe(t('about.metaTitle'));
      expectIn(page.text, t('units.minutes', { count: RETENTION }));
    });

    it('offers the installer for the visitor’s system, and says so when one is not published', async () => {
      const windows = await get(at('/download'), UA.windows);
      expect(windows.status).toBe(200);
      expect(titleOf(windows)).toBe(t('download.metaTitle'));
      expectIn(windows.text, t('download.detected', { os: t('download.os.windows') }));
      expectIn(windows.text, `<a class="button button--primary button--xl" href="${WINDOWS_INSTALLER}" download="">`);
      expectIn(windows.text, t('download.notPublished', { os: t('download.os.mac') }));
      expectIn(windows.text, t('download.helpButton'));
      // The footer's and header's links land on each system's steps: /download#windows, /download#mac.
      for (const os of ['windows', 'mac']) {
        expect(new RegExp(`<section id="${os}" class="section how-to"[^>]*><h2[^>]*>${t('download.stepsTitle', { os: t(`download.os.${os}`) })}</h2>`).test(windows.text), os).toBe(true);
      }

      const mac = await get(at('/download'), UA.mac);
      expectIn(mac.text, t('download.detected', { os: t('download.os.mac') }));
      expectIn(mac.text, t('download.notPublished', { os: t('download.os.mac') }));
      expectIn(mac.text, `<a class="button button--secondary" href="${WINDOWS_INSTALLER}" download="">`);

      // "like Mac OS X": an iPhone is not a Mac.
      expectIn((await get(at('/download'), UA.iphone)).text, t('download.otherOs'));
    });

    it('says every tool is free on a server without billing: one free card, no plan on sale (billing-pages tests the plans)', async () => {
      const page = await get(at('/pricing'));
      expect(page.status).toBe(200);
      expect(titleOf(page)).toBe(t('pricing.freeServer.metaTitle'));
      const amounts = [...page.text.matchAll(/<span class="plan-card__amount">([^<]+)<\/span>/g)].map((m) => m[1].replace(/\s/g, ' '));
      expect(amounts).toEqual(lang === 'en' ? ['$0'] : ['0 €']);
      expectIn(page.text, t('pricing.freeServer.title'));
      expectIn(page.text, t('pricing.lines.fileSize', { mb: MAX_UPLOAD_MB }));
      expectNotIn(page.text, t('pricing.trialButton'));
      expectNotIn(page.text, t('pricing.buyLifetime'));
    });
  });
});
