import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, UNSAFE_ErrorResponseImpl as ErrorResponseImpl, data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toolCatalog } from '#shared/tools';
import { ErrorView } from '~/components/layout/error-view';
import { type Lang } from '~/lib/i18n';
import { describeError, noData, notFound } from '~/lib/route-errors';
import { getI18n } from '../support/copy';

/** What a loader's thrown `data(...)` becomes once React Router catches it. */
const caught = (thrown: ReturnType<typeof data>) => new ErrorResponseImpl(thrown.init?.status ?? 500, '', thrown.data);

function render(error: unknown, lang: Lang) {
  const path = lang === 'fr' ? '/fr/some/page' : '/some/page';
  const html = renderToString(
    createElement(MemoryRouter, { initialEntries: [path] }, createElement(I18nextProvider, { i18n: getI18n(lang) }, createElement(ErrorView, { error, tools: toolCatalog() }))),
  );
  return html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'");
}

describe('the error layout', () => {
  it('shows the not-found page for a route that fails validation', () => {
    const error = caught(notFound());
    expect(describeError(error)).toEqual({ status: 404, notFound: true });
    for (const lang of ['en', 'fr'] as const) {
      const { t } = getI18n(lang);
      const html = render(error, lang);
      for (const key of ['errorPage.notFoundTitle', 'errorPage.notFoundLead', 'errorPage.notFoundText', 'errorPage.goHome']) expect(html).toContain(t(key));
      expect(html).toContain(`href="${lang === 'fr' ? '/fr' : '/'}"`);
      // A way on: the workspace's tools and all of them, in the page's language.
      expect(html).toContain(t('errorPage.toolsHeading'));
      expect(html).toContain(`href="${lang === 'fr' ? '/fr' : ''}/pdf-to-word"`);
      expect(html).toContain(t('tools.pdf-to-word.name'));
      expect(html).toContain(`href="${lang === 'fr' ? '/fr' : '/'}#tools"`);
    }
    expect(render(error, 'en')).toContain('This page could not be found');
  });

  it('gives each status its own message, with a link home', () => {
    const cases = [
      [caught(data(null, { status: 401 })), 'Please log in to see this page.', 'Veuillez vous connecter pour voir cette page.'],
      [caught(data(null, { status: 403 })), 'You do not have permission to see this page.', 'Vous n’avez pas l’autorisation de voir cette page.'],
      [caught(noData()), 'This page has no data.', 'Cette page ne contient aucune donnée.'],
      [caught(data(null, { status: 503 })), 'This page cannot be reached right now.', 'Cette page est inaccessible pour le moment.'],
      [new Error('boom'), 'This page cannot be reached right now.', 'Cette page est inaccessible pour le moment.'],
    ] as const;
    for (const [error, en, fr] of cases) {
      expect(describeError(error).notFound).toBe(false);
      const english = render(error, 'en');
      expect(english).toContain(en);
      expect(english).not.toContain('Oops! Page Not Found');
      expect(english).toContain('Go to home page');
      expect(render(error, 'fr')).toContain(fr);
    }
    expect(render(new Error('boom'), 'en')).toContain('Error 500');
    expect(render(caught(data(null, { status: 403 })), 'fr')).toContain('Erreur 403');
  });
});
