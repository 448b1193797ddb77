import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { blogService } from '../../services/blog-service';
import type { Handlers } from '../endpoint-router';

/** The spec's blog calls (miaohui/seo/*): categories, articles of a category, one article. */
export function blogHandlers(deps: Deps): Handlers<'getCategoryList' | 'getArticleListByCategory' | 'getArticleByUrl'> {
  const blog = blogService(deps.db);
  return {
    getCategoryList: async ({ body }) => ({ code: 0, data: await blog.categories(body.lang) }),
    getArticleListByCategory: async ({ body }) => ({ code: 0, data: await blog.articles(body) }),
    getArticleByUrl: async ({ body }) => {
      const article = await blog.article(body.lang, body.url);
      if (!article) throw new AppError('NOT_FOUND', `article ${body.url}`);
      return { code: 0, data: article };
    },
  };
}
