import { Router } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { validateBody } from '../../middleware/validate';
import { blogService } from '../../services/blog-service';
import { ZArticleByUrl, ZArticleList, ZCategoryList } from './schema';

/** The spec's blog calls (miaohui/seo/*): categories, articles of a category, one article. */
export function blogRouter(deps: Deps): Router {
  const r = Router();
  const blog = blogService(deps.db);

  r.post('/getCategoryList', validateBody(ZCategoryList), async (_req, res) => {
    res.json({ code: 0, data: await blog.categories(res.locals.body.lang) });
  });

  r.post('/getArticleListByCategory', validateBody(ZArticleList), async (_req, res) => {
    res.json({ code: 0, data: await blog.articles(res.locals.body) });
  });

  r.post('/getArticleByUrl', validateBody(ZArticleByUrl), async (_req, res) => {
    const { lang, url } = res.locals.body;
    const article = await blog.article(lang, url);
    if (!article) throw new AppError('NOT_FOUND', `article ${url}`);
    res.json({ code: 0, data: article });
  });

  return r;
}
