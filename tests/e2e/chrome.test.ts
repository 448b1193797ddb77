import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '#shared/i18n';
import { fixture } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { commitThatRemoved, countRenders, startCount } from '../support/render-counter';
import { startStack, type Stack } from '../support/stack';

const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('the site header and footer in the browser', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    // An operator who published both desktop builds and the site's four social accounts.
    stack = await startStack(
      {
        DESKTOP_WINDOWS_URL: 'https://downloads.example.test/Sheaf-Setup.exe',
        DESKTOP_MAC_URL: 'https://downloads.example.test/Sheaf.dmg',
        SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/sheaf.example',
        SOCIAL_X_URL: 'https://x.com/sheaf_example',
        SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/sheaf-example',
        SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@sheaf-example',
      },
      { web: true, worker: false },
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const open = async (path: string, options: Parameters<Browser['newContext']>[0] = {}) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}${path}`);
    // Hydrated: the startup sets the version cookie once handlers are attached.
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
    return { context, page };
  };
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

  it('opens the menus from the keyboard and closes them with Escape', async () => {
    const { page } = await open('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const convert = nav.getByRole('button', { name: 'Convert' });
    expect(await convert.getAttribute('aria-expanded')).toBe('false');

    await convert.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toBe('PDF to Word');
    expect(await convert.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('PDF to Excel');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('TXT to PDF');
    await page.keyboard.press('Escape');
    expect(await convert.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toBe('Convert');

    // Enter opens More Tools; Tab walks into its groups; leaving the menu closes it.
    const more = nav.getByRole('button', { name: 'More tools' });
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    for (const group of ['Organize', 'Editor', 'Security', 'Convert from PDF', 'Convert to PDF', 'CAD']) {
      await nav.getByRole('list', { name: group }).waitFor();
    }
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Merge PDF');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await more.getAttribute('aria-expanded')).toBe('false');

    // Space on the AI PDF menu, marked NEW; a click outside closes it.
    const ai = nav.getByRole('button', { name: 'AI PDF NEW' });
    await ai.focus();
    await page.keyboard.press(' ');
    await nav.getByRole('link', { name: 'Chat with PDF' }).waitFor();
    await page.mouse.click(20, 400);
    expect(await ai.getAttribute('aria-expanded')).toBe('false');

    // A link follows and closes its menu.
    await convert.click();
    await nav.getByRole('link', { name: 'Word to PDF' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/word-to-pdf');
    expect(await convert.getAttribute('aria-expanded')).toBe('false');
  });

  it('takes the scrolled style past 10 px', async () => {
    const { page } = await open('/');
    const header = page.getByRole('banner');
    expect(await header.getAttribute('class')).not.toContain('is-scrolled');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(() => header.getAttribute('class')).toContain('is-scrolled');
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect.poll(() => header.getAttribute('class')).not.toContain('is-scrolled');
  });

  it('names the desktop app for the Mac on a Mac, and leads each system to its own install steps', async () => {
    const mac = await open('/', { userAgent: MAC_UA });
    const macLink = mac.page.getByRole('banner').getByRole('link', { name: 'Mac app' });
    expect(await macLink.getAttribute('href')).toBe('/download#mac');
    await macLink.click();
    await mac.page.getByRole('heading', { level: 2, name: 'How to install Sheaf on Mac' }).waitFor();
    await expect.poll(() => mac.page.evaluate(() => document.getElementById('mac')?.querySelector('h2')?.textContent)).toBe('How to install Sheaf on Mac');
    // The section is scrolled to, below the sticky header.
    await expect.poll(() => mac.page.evaluate(() => Math.round(document.getElementById('mac')!.getBoundingClientRect().top))).toBeLessThan(200);
    expect(await mac.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const other = await open('/fr');
    expect(await other.page.getByRole('banner').getByRole('link', { name: 'Application de bureau' }).getAttribute('href')).toBe('/fr/download#windows');
  });

  it('gives phones the same links in a drawer', async () => {
    const { page } = await open('/fr/merge-pdf', { viewport: { width: 390, height: 800 } });
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Ouvrir le menu' });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Ouvrir le menu');

    await button.click();
    await drawer.getByText('Convertir', { exact: true }).click();
    await drawer.getByRole('link', { name: 'PDF en Excel' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/pdf-to-excel');
    // Log in and Sign up stay in the bar.
    await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Inscription' }).waitFor();
  });

  it('switches language from the footer dialog and remembers the choice', async () => {
    const { context, page } = await open('/compress-pdf?channel=x');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Language: English' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose your language' });
    expect(await dialog.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    await dialog.getByRole('link', { name: 'Français' }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/fr/compress-pdf?channel=x');
    await page.getByRole('heading', { level: 1, name: /Compresser/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const lang = (await context.cookies()).find((c) => c.name === 'lang');
    expect(lang?.value).toBe('fr');
    // 365 days, give or take the test's own run time.
    expect(Math.round(((lang?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(365);

    // English goes back to the unprefixed address; the root path then stays English.
    await footer.getByRole('button', { name: 'Langue : Français' }).click();
    await page.getByRole('dialog', { name: 'Choisissez votre langue' }).getByRole('link', { name: 'English' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/compress-pdf');
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  });

  it('links the footer columns, social networks and downloads', async () => {
    const { page } = await open('/');
    const footer = page.getByRole('contentinfo');
    const hrefs = async (name: string) => footer.getByRole('list', { name }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(await hrefs('Form')).toEqual(['/w9-form', '/1099-form', '/w2-form', '/941-form', '/ds11-form']);
    expect(await hrefs('About')).toEqual(['/about-us', '/reduce-pdf/', '/pricing', '/download']);
    expect(await hrefs('Support')).toEqual(['/contact-us', '/money-back-policy', '/subscription-terms', '/privacy-policy', '/service']);
    await footer.getByRole('link', { name: 'Cancel Subscription and money-back policy' }).first().waitFor();
    expect(await hrefs('Follow us')).toHaveLength(4);
    expect(await hrefs('Desktop app')).toEqual(['/download#windows', '/download#mac']);
    // Each lands on its system's install steps.
    await footer.getByRole('list', { name: 'Desktop app' }).getByRole('link').first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#windows');
    await expect.poll(() => page.evaluate(() => document.getElementById('windows')?.querySelector('h2')?.textContent)).toBe('How to install Sheaf on Windows');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Sheaf`);
  });

  it('brings the page-only copy of legal, form and tool pages along when moving between pages', async () => {
    const fr = RESOURCES.fr;
    const { page } = await open('/fr');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const footer = page.getByRole('contentinfo');
    const heading = page.getByRole('heading', { level: 1 });

    await footer.getByRole('link', { name: fr.nav.footer.privacy }).first().click();
    await expect.poll(() => heading.textContent()).toBe(fr.legal.privacy.title);
    expect(await page.title()).toBe(fr.legal.privacy.metaTitle);
    await page.getByRole('heading', { level: 2, name: fr.legal.privacy.sections[0].title }).waitFor();

    await footer.getByRole('list', { name: fr.nav.footer.forms }).getByRole('link', { name: fr.nav.formNames.w2 }).click();
    await expect.poll(() => heading.textContent()).toBe(fr.forms.w2.title);
    await page.getByText(fr.forms.w2.faq[0].q).waitFor();

    await footer.getByRole('link', { name: fr.tools['merge-pdf'].name, exact: true }).click();
    await expect.poll(() => heading.textContent()).toBe(fr.tools['merge-pdf'].title);
    await page.getByText(fr.toolGuides['merge-pdf'].faq[0].q).waitFor();
    await page.getByText(fr.toolGuides['merge-pdf'].steps[0].title).waitFor();
    expect(await page.title()).toBe(fr.tools['merge-pdf'].metaTitle);
    // The styles are inlined in the first page's head (no stylesheet request to wait for) and stay.
    const styles = await page.evaluate(() => ({
      inline: document.querySelectorAll('style#sheaf-styles').length,
      length: document.getElementById('sheaf-styles')?.textContent?.length ?? 0,
      links: document.querySelectorAll('link[rel="stylesheet"]').length,
      footerTools: getComputedStyle(document.querySelector('.site-footer__tools')!).display,
    }));
    expect(styles).toMatchObject({ inline: 1, links: 0 });
    expect(styles.length).toBeGreaterThan(20_000);
    expect(styles.footerTools).not.toBe('block');
    expect(errors).toEqual([]);
  });
  it("serves the tool, editor and AI pages' stylesheets with their pages only, and brings one along on a move to its page", async () => {
    const { page } = await open('/merge-pdf');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const sheetIds = () => page.evaluate(() => [...document.querySelectorAll('style')].map((style) => style.id));
    // Moves by link, as the header's menu makes them.
    const navigate = (to: string) =>
      page.evaluate(
        (to) =>
          (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
            to,
          ),
        to,
      );
    expect(await sheetIds()).toEqual(['sheaf-styles', 'sheaf-styles-tools']);
    const html = await (await fetch(`${stack.baseUrl}/ai-pdf`)).text();
    expect(html).toContain('id="sheaf-styles-ai"');
    expect(html).not.toContain('id="sheaf-styles-editor"');
    // Pages without tools do without the tools' sheet.
    expect(await (await fetch(`${stack.baseUrl}/pricing`)).text()).not.toContain('id="sheaf-styles-tools"');

    // The editor's sheet comes as a script, goes with its page, and comes back with it.
    await navigate('/edit-pdf');
    await expect.poll(sheetIds).toEqual(['sheaf-styles', 'sheaf-styles-tools', 'sheaf-styles-editor']);
    await navigate('/merge-pdf');
    await expect.poll(sheetIds).toEqual(['sheaf-styles', 'sheaf-styles-tools']);
    await navigate('/pricing');
    await expect.poll(sheetIds).toEqual(['sheaf-styles']);
    await navigate('/edit-pdf');
    await expect.poll(sheetIds).toEqual(['sheaf-styles', 'sheaf-styles-tools', 'sheaf-styles-editor']);
    await page.locator('input[type=file][accept*="pdf"]').setInputFiles(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'));
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.editor') && getComputedStyle(document.querySelector('.editor')!).display))
      .toBe('flex');
    expect(errors).toEqual([]);
  });

  it('re-renders only the toast when a toast goes, not the header, popups or page that can show one', async () => {
    const context = await browser.newContext();
    await countRenders(context);
    const page = await context.newPage();
    // A login link that is no link: the page says so in a toast.
    await page.goto(`${stack.baseUrl}/merge-pdf?${new URLSearchParams({ email: 'nobody@example.com', token: 'not-a-token' })}`);
    const toast = page.locator('.toast');
    await toast.waitFor();
    // The page drops the link from its address after the toast: counting starts once it has.
    await page.waitForURL((url) => !url.search.includes('token'));
    await page.locator('.loading-mask').waitFor({ state: 'detached' });
    await startCount(page, { within: '.toast-region', watch: '.toast' });
    await toast.waitFor({ state: 'detached' });
    const removal = await commitThatRemoved(page);
    expect(removal?.some((c) => c.inside)).toBe(true);
    // Outside the toast's region only the store that holds the toast ran; its children were skipped.
    expect([...new Set(removal!.filter((c) => !c.inside).map((c) => c.name))]).toEqual(['ToastProvider']);
    await context.close();
  });
});
