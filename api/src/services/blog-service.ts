import type { Db } from '#shared/server/db';

export type BlogLang = 'en' | 'fr';

export interface BlogCategorySummary {
  slug: string;
  name: string;
  /** How many articles the category holds in this language. */
  articles: number;
}

export interface BlogArticleSummary {
  url: string;
  title: string;
  description: string;
  publishedAt: Date;
  category: { slug: string; name: string };
}

export interface BlogArticle extends BlogArticleSummary {
  /** Trusted HTML written by the site's authors (the seed, the admins). */
  body: string;
}

export interface BlogArticlePage {
  total: number;
  pageNum: number;
  pageSize: number;
  list: BlogArticleSummary[];
}

/** The blog's reads, shared by the API (miaohui/seo/*) and the server-rendered blog pages. */
export interface BlogService {
  categories(lang: BlogLang): Promise<BlogCategorySummary[]>;
  articles(query: { lang: BlogLang; category: string; pageNum: number; pageSize: number }): Promise<BlogArticlePage>;
  /** One article, or undefined when the language has no article at that url. */
  article(lang: BlogLang, url: string): Promise<BlogArticle | undefined>;
}

const summary = { url: true, title: true, description: true, publishedAt: true, category: { select: { slug: true, name: true } } } as const;

export function blogService(db: Db): BlogService {
  return {
    async categories(lang) {
      const rows = await db.blogCategory.findMany({
        where: { lang },
        orderBy: { sort: 'asc' },
        select: { slug: true, name: true, _count: { select: { articles: true } } },
      });
      return rows.map((c) => ({ slug: c.slug, name: c.name, articles: c._count.articles }));
    },

    async articles({ lang, category, pageNum, pageSize }) {
      const where = { lang, category: { slug: category, lang } };
      const [total, list] = await Promise.all([
        db.blogArticle.count({ where }),
        db.blogArticle.findMany({ where, orderBy: { publishedAt: 'desc' }, skip: (pageNum - 1) * pageSize, take: pageSize, select: summary }),
      ]);
      return { total, pageNum, pageSize, list };
    },

    async article(lang, url) {
      const row = await db.blogArticle.findUnique({ where: { url_lang: { url, lang } }, select: { ...summary, body: true } });
      return row ?? undefined;
    },
  };
}
