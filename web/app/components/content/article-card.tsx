import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { articlePath, formatDate } from '~/lib/blog';
import { useLang, useLocalize } from '~/lib/i18n';

export interface ArticleSummary {
  url: string;
  title: string;
  description: string;
  publishedAt: Date;
  category: { slug: string; name: string };
}

/** An article in a list: its title (the link), date and summary. */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="article-card">
      <Heading className="article-card__title">
        <Link to={localize(articlePath(article.category.slug, article.url))}>{article.title}</Link>
      </Heading>
      <p className="article-card__date">
        <time dateTime={article.publishedAt.toISOString().slice(0, 10)}>{t('blog.published', { date: formatDate(article.publishedAt, lang) })}</time>
      </p>
      <p className="article-card__text">{article.description}</p>
    </article>
  );
}
