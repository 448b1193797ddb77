import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { ArticleCard } from '~/components/content/article-card';
import { BLOG_HOME, articlePath, categoryPath, formatDate, isSlug } from '~/lib/blog';
import { getI18n, langFromPath, localizePath, useLang, useLocalize, type Lang } from '~/lib/i18n';
import { pageServices } from '~/lib/page-services.server';
import { notFound } from '~/lib/route-errors';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/blog-article';

const RELATED_SHOWN = 3;

/**
 * /{blog}/{id}. A first segment that names no category is an unknown route (home); an id that is
 * not a slug, or no such article in that category, is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const { blog } = pageServices(context);
  const categories = isSlug(params.blog) ? await blog.categories(lang) : [];
  const category = categories.find((c) => c.slug === params.blog);
  if (!category) throw notFound();

  const article = isSlug(params.id) ? await blog.article(lang, params.id) : undefined;
  if (!article || article.category.slug !== category.slug) throw data(null, { status: 404 });

  const other: Lang = lang === 'en' ? 'fr' : 'en';
  const [translated, latest] = await Promise.all([
    blog.article(other, article.url),
    blog.articles({ lang, category: category.slug, pageNum: 1, pageSize: RELATED_SHOWN + 1 }),
  ]);
  // The hreflang pair only when the other language has the same article in the same category.
  const langs: Lang[] = translated?.category.slug === category.slug ? ['en', 'fr'] : [lang];
  return { article, langs, related: latest.list.filter((a) => a.url !== article.url).slice(0, RELATED_SHOWN) };
}

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  const { article, langs } = loaderData;
  const origin = originFrom(matches);
  const path = articlePath(article.category.slug, article.url);
  return pageMeta({
    lang,
    path,
    title: t('blog.articleMetaTitle', { title: article.title }),
    description: article.description,
    origin,
    type: 'article',
    langs,
    jsonLd: [
      {
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.description,
        datePublished: article.publishedAt.toISOString(),
        inLanguage: lang,
        mainEntityOfPage: `${origin}${localizePath(path, lang)}`,
        publisher: { '@type': 'Organization', name: t('site.name') },
      },
    ],
  });
}

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const { article, related } = loaderData;
  const category = article.category;

  return (
    <div className="container content-body blog-article">
      <nav className="breadcrumb" aria-label={t('blog.breadcrumbLabel')}>
        <ol>
          <li>
            <Link to={localize(categoryPath(BLOG_HOME))}>{t('blog.name')}</Link>
          </li>
          {/* The blog's home is its first category's page: no second crumb to the same place. */}
          {category.slug !== BLOG_HOME && (
            <li>
              <Link to={localize(categoryPath(category.slug))}>{category.name}</Link>
            </li>
          )}
        </ol>
      </nav>
      <article className="article">
        <header className="article__header">
          <h1 className="article__title">{article.title}</h1>
          <p className="article__lead">{article.description}</p>
          <p className="article__date">
            <time dateTime={article.publishedAt.toISOString().slice(0, 10)}>{t('blog.published', { date: formatDate(article.publishedAt, lang) })}</time>
          </p>
        </header>
        {/* Article bodies are HTML written by the site's own authors (the seed, the admins). */}
        <div className="prose article__body" dangerouslySetInnerHTML={{ __html: article.body }} />
      </article>

      {related.length > 0 && (
        <section className="section blog-related" aria-labelledby="related-title">
          <h2 id="related-title" className="blog-related__title">
            {t('blog.moreIn', { category: category.name })}
          </h2>
          <div className="article-list article-list--grid">
            {related.map((a) => (
              <ArticleCard key={a.url} article={a} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
      <p className="blog-article__back">
        <Link to={localize(categoryPath(category.slug))}>{t('blog.backTo', { category: category.name })}</Link>
      </p>
    </div>
  );
}
