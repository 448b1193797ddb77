import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { ArticleCard } from '~/components/content/article-card';
import { BLOG_HOME, categoryPath, isSlug } from '~/lib/blog';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { pageServices } from '~/lib/page-services.server';
import { notFound } from '~/lib/route-errors';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/blog-category';

const PAGE_SIZE = 12;
/** How many of each other category's articles the blog's home shows. */
const OTHERS_SHOWN = 3;

/**
 * /reduce-pdf/ (the blog's home) and /{blog}. A path that names no category is an unknown route:
 * the not-found page, like every unknown route. A page number past the end is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const slug = params.blog ?? BLOG_HOME;
  const { blog } = pageServices(context);
  const categories = isSlug(slug) ? await blog.categories(lang) : [];
  const category = categories.find((c) => c.slug === slug);
  if (!category) throw notFound();

  const pageParam = url.searchParams.get('page');
  const pageNum = pageParam === null ? 1 : Number(pageParam);
  if (!Number.isInteger(pageNum) || pageNum < 1) throw data(null, { status: 404 });
  const page = await blog.articles({ lang, category: slug, pageNum, pageSize: PAGE_SIZE });
  if (pageNum > 1 && page.list.length === 0) throw data(null, { status: 404 });

  const others =
    slug === BLOG_HOME
      ? await Promise.all(
          categories
            .filter((c) => c.slug !== slug && c.articles > 0)
            .map(async (c) => ({ category: c, list: (await blog.articles({ lang, category: c.slug, pageNum: 1, pageSize: OTHERS_SHOWN })).list })),
        )
      : [];
  return { categories, category, page, others };
}

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  const category = loaderData.category.name;
  return pageMeta({
    lang,
    path: categoryPath(loaderData.category.slug),
    title: t('blog.metaTitle', { category }),
    description: t('blog.metaDescription', { category }),
    origin: originFrom(matches),
  });
}

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { categories, category, page, others } = loaderData;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const pageLink = (n: number) => `${localize(categoryPath(category.slug))}${n > 1 ? `?page=${n}` : ''}`;

  return (
    <>
      <section className="content-hero content-hero--compact blog-hero">
        <div className="container">
          <p className="content-hero__eyebrow">
            <Link to={localize(categoryPath(BLOG_HOME))}>{t('blog.name')}</Link>
          </p>
          <h1 className="content-hero__title">{category.name}</h1>
          <p className="content-hero__lead">{t('blog.lead')}</p>
          <nav className="blog-categories" aria-label={t('blog.categoriesLabel')}>
            <ul className="link-chips">
              {categories.map((c) => (
                <li key={c.slug}>
                  <Link to={localize(categoryPath(c.slug))} aria-current={c.slug === category.slug ? 'page' : undefined}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <div className="container content-body blog-body">
        {page.list.length === 0 ? (
          <p className="empty-state">{t('blog.empty')}</p>
        ) : (
          <div className="article-list">
            {page.list.map((article) => (
              <ArticleCard key={article.url} article={article} />
            ))}
          </div>
        )}

        {pages > 1 && (
          <nav className="pagination" aria-label={t('blog.pagination.label')}>
            {page.pageNum > 1 && (
              <Link className="button button--secondary button--small" to={pageLink(page.pageNum - 1)} rel="prev">
                {t('blog.pagination.previous')}
              </Link>
            )}
            <span className="pagination__where">{t('blog.pagination.where', { page: page.pageNum, pages })}</span>
            {page.pageNum < pages && (
              <Link className="button button--secondary button--small" to={pageLink(page.pageNum + 1)} rel="next">
                {t('blog.pagination.next')}
              </Link>
            )}
          </nav>
        )}

        {others.length > 0 && (
          <section className="section blog-more" aria-labelledby="blog-more-title">
            <h2 id="blog-more-title" className="section__title">
              {t('blog.moreFrom')}
            </h2>
            {others.map(({ category: other, list }) => (
              <section key={other.slug} className="blog-more__group" aria-labelledby={`more-${other.slug}`}>
                <h3 id={`more-${other.slug}`} className="blog-more__heading">
                  {other.name}
                </h3>
                <div className="article-list article-list--grid">
                  {list.map((article) => (
                    <ArticleCard key={article.url} article={article} headingLevel={4} />
                  ))}
                </div>
                <p className="blog-more__all">
                  <Link to={localize(categoryPath(other.slug))}>{t('blog.seeAll', { category: other.name })}</Link>
                </p>
              </section>
            ))}
          </section>
        )}
      </div>
    </>
  );
}
