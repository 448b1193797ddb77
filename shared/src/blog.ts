/** The blog as its readers see it: the API's miaohui/seo/* routes and the server-rendered blog pages. */

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

/** The blog's reads; the API implements them over the database (api/src/services/blog-service.ts). */
export interface BlogService {
  categories(lang: BlogLang): Promise<BlogCategorySummary[]>;
  articles(query: { lang: BlogLang; category: string; pageNum: number; pageSize: number }): Promise<BlogArticlePage>;
  /** One article, or undefined when the language has no article at that url. */
  article(lang: BlogLang, url: string): Promise<BlogArticle | undefined>;
}
