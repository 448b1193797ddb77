import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '#shared/env';
import { LANGS } from '#shared/i18n';
import { localizePath, type Lang } from '../../web/app/lib/i18n';
import { visitor } from '../support/api-client';
import { getI18n } from '../support/copy';
import { fixture, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/**
 * What a server sells and what it asks before a download, as the server renders it (one plain
 * request per page): without billing nothing is sold and anyone downloads; with billing the tool
 * pages say what downloading needs before the work is done, and each pricing column lists only
 * what the server's rules give that plan.
 */

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

async function page(stack: Stack, p: string): Promise<string> {
  const res = await fetch(stack.baseUrl + p);
  expect(res.status, p).toBe(200);
  return decode(await res.text());
}

/** The text of each line of the plan cards' feature lists, by card (data-plan, or the card's name). */
function columns(html: string): string[][] {
  return [...html.matchAll(/<ul class="plan-card__features">(.*?)<\/ul>/g)].map((m) => [...m[1].matchAll(/<\/svg>([^<]*)<\/li>/g)].map((li) => li[1]));
}

/** The download policy loadEnv gives when the operator leaves DOWNLOAD_POLICY unset. */
const defaultPolicy = (stripe: boolean) =>
  loadEnv({ ...process.env, DOWNLOAD_POLICY: '', STRIPE_SECRET_KEY: stripe ? 'sk_test_x' : '', STRIPE_WEBHOOK_SECRET: stripe ? 'whsec_x' : '' }).DOWNLOAD_POLICY;

// The header's Upgrade Pro link (the class alone also names its style in the inlined CSS).
const UPGRADE_LINK = 'class="button button--small button--upgrade';

describe('a server without billing', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, billingConfigured: false, DOWNLOAD_POLICY: defaultPolicy(false), AI_MODEL: undefined }, { web: true });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-billing-pages-'));
  });
  afterAll(async () => {
    await stack?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lets a visitor download a merge by default, without an account', async () => {
    expect(stack.deps.env.DOWNLOAD_POLICY).toBe('open');
    const v = visitor(stack.app);
    const a = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'), 'merge-pdf');
    const b = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'merge-pdf');
    const start = await v.transfer({ toolType: 'merge-pdf', urls: `${a};${b}`, downloadId: 'x'.repeat(32), clientId: 'c1' });
    const done = await v.waitForTask(start.body.id);
    expect(done.result.status).toBe('Done');
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'merged.pdf'));
    expect(qpdfPages(out.path)).toBe(3 + 14);
  });

  describe.each(LANGS)('in %s', (lang: Lang) => {
    const { t } = getI18n(lang);
    const at = (p: string) => localizePath(p, lang);

    it('sells nothing: no upgrade in the header, no trial, and pricing says every tool is free here', async () => {
      const html = await page(stack, at('/pricing'));
      expect(html).not.toContain(UPGRADE_LINK);
      expect(html).not.toContain(t('nav.upgradePro'));
      expect(html).not.toContain(t('pricing.trialButton'));
      expect(html).not.toContain(t('pricing.buyLifetime'));
      expect(html).toContain(`<title>${t('pricing.freeServer.metaTitle')}</title>`);
      expect(html).toContain(t('pricing.freeServer.title'));
      expect(columns(html)).toEqual([
        [
          t('pricing.lines.everyTool'),
          t('pricing.lines.fileSize', { mb: stack.deps.env.MAX_UPLOAD_MB }),
          t('pricing.lines.downloadOpen'),
          t('pricing.lines.noDailyLimit'),
          t('pricing.lines.aiNoLimits', { mb: stack.deps.env.MAX_UPLOAD_MB, pages: stack.deps.env.AI_MAX_PAGES }),
          // No AI provider here: the assistant quotes, it does not translate or explain.
          t('pricing.lines.aiQuotes'),
        ],
      ]);
    });

    it('says nothing about downloads on a tool page when anyone may download, nor offers an upgrade', async () => {
      const html = await page(stack, at('/merge-pdf'));
      expect(html).not.toContain(UPGRADE_LINK);
      expect(html).not.toContain('class="dropzone__note"');
      expect(html).not.toContain(t('flow.dropzone.download.login'));
    });

    it('an explicit DOWNLOAD_POLICY=login still wins, and the tool page says so before the work', async () => {
      stack.deps.env.DOWNLOAD_POLICY = 'login';
      try {
        const tool = await page(stack, at('/merge-pdf'));
        expect(tool).toContain(`<p class="dropzone__note">${t('flow.dropzone.download.login')}</p>`);
        expect(columns(await page(stack, at('/pricing')))[0]).toContain(t('pricing.lines.downloadLogin'));
      } finally {
        stack.deps.env.DOWNLOAD_POLICY = 'open';
      }
    });
  });
});

describe('a server with billing', () => {
  let stack: Stack;
  beforeAll(async () => {
    // The pages read the catalogue from the database: no Stripe call is made, so no stand-in is needed.
    stack = await startStack(
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', billingConfigured: true, DOWNLOAD_POLICY: defaultPolicy(true), FREE_DAILY_TASKS: 3, AI_MODEL: undefined },
      { web: true, worker: false },
    );
  });
  afterAll(() => stack?.stop());

  describe.each(LANGS)('in %s', (lang: Lang) => {
    const { t } = getI18n(lang);
    const at = (p: string) => localizePath(p, lang);

    it('says on the tool page, before any file is chosen, that downloading needs a Pro plan', async () => {
      expect(stack.deps.env.DOWNLOAD_POLICY).toBe('pro');
      const html = await page(stack, at('/merge-pdf'));
      expect(html).toContain(`<p class="dropzone__note">${t('flow.dropzone.download.pro')}</p>`);
      expect(html).toContain(UPGRADE_LINK);
    });

    it('lists in Pro only what Free lacks, and in the AI plan no translate or explain without a provider', async () => {
      const html = await page(stack, at('/pricing'));
      expect(html).toContain(`<title>${t('pricing.metaTitle')}</title>`);
      expect(html).toContain(UPGRADE_LINK);
      // The catalogue: Free, Pro and AI yearly first, Quarterly and Lifetime below; Pro, AI and Quarterly start with the trial.
      const amounts = [...html.matchAll(/<span class="plan-card__amount">([^<]+)<\/span>/g)].map((m) => m[1].replace(/\s/g, ' '));
      expect(amounts).toEqual(lang === 'en' ? ['$0', '$59.99', '$41.99', '$24.99', '$149.99'] : ['0 €', '59,99 €', '41,99 €', '24,99 €', '149,99 €']);
      expect(html).toContain(t('pricing.per.QUARTERLY'));
      expect(html).toContain(t('pricing.save', { percent: 50 }));
      expect(html.split(t('pricing.trialButton')).length - 1).toBe(3);
      expect(html).toContain(t('pricing.buyLifetime'));
      const [free, pro, ai] = columns(html);
      expect(free).toEqual([
        t('pricing.lines.everyTool'),
        t('pricing.lines.fileSize', { mb: stack.deps.env.MAX_UPLOAD_MB }),
        t('pricing.lines.freeDailyTasks', { count: 3 }),
        t('pricing.lines.aiFree', { files: 10, questions: 20, pages: 100, mb: 100 }),
      ]);
      expect(pro).toEqual([
        t('pricing.lines.downloadPro'),
        t('pricing.lines.unlimitedTasks'),
        t('pricing.lines.proOperation.replaceText'),
        t('pricing.lines.aiIncluded', { gb: 1 }),
      ]);
      // What every plan has (the upload size, OCR, compression) is not sold as Pro.
      for (const line of pro) {
        expect(free).not.toContain(line);
        expect(line).not.toMatch(/\bMB\b|\bMo\b|OCR|compress/i);
      }
      expect(ai).toEqual([t('pricing.lines.aiUnlimited'), t('pricing.lines.aiSize', { gb: 1, pages: stack.deps.env.AI_MAX_PAGES }), t('pricing.lines.aiQuotes')]);
      expect(ai.join(' ')).not.toMatch(/translat|tradui|expla|expliqu/i);
    });

    it('sells translate and explain in the AI plan once a provider writes answers', async () => {
      stack.deps.env.AI_MODEL = 'test-model';
      try {
        const ai = columns(await page(stack, at('/pricing')))[2];
        expect(ai).toEqual([t('pricing.lines.aiUnlimited'), t('pricing.lines.aiSize', { gb: 1, pages: stack.deps.env.AI_MAX_PAGES }), t('pricing.lines.aiGenerative'), t('pricing.lines.aiImages')]);
      } finally {
        stack.deps.env.AI_MODEL = undefined;
      }
    });
  });
});
