import { Router } from 'express';
import { AppError } from '../../../../shared/src/errors';
import type { Deps } from '../../../../shared/src/server/deps';
import { validateBody } from '../../middleware/validate';
import { ZArticleByUrl, ZArticleList, ZCategoryList } from './schema';

const summary = { url: true, title: true, description: true, publishedAt: true, category: { select: { slug: true, name: true } } } as const;

/** The spec's blog calls (miaohui/seo/*): categories, articles of a category, one article. */
export function blogRouter(deps: Deps): Router {
  const r = Router();

  r.post('/getCategoryList', validateBody(ZCategoryList), async (_req, res) => {
    const list = await deps.db.blogCategory.findMany({
      where: { lang: res.locals.body.lang },
      orderBy: { sort: 'asc' },
      select: { slug: true, name: true, _count: { select: { articles: true } } },
    });
    res.json({ code: 0, data: list.map((c) => ({ slug: c.slug, name: c.name, articles: c._count.articles })) });
  });

  r.post('/getArticleListByCategory', validateBody(ZArticleList), async (_req, res) => {
    const { lang, category, pageNum, pageSize } = res.locals.body;
    const where = { lang, category: { slug: category, lang } };
    const [total, list] = await Promise.all([
      deps.db.blogArticle.count({ where }),
      deps.db.blogArticle.findMany({ where, orderBy: { publishedAt: 'desc' }, skip: (pageNum - 1) * pageSize, take: pageSize, select: summary }),
    ]);
    res.json({ code: 0, data: { total, pageNum, pageSize, list } });
  });

  r.post('/getArticleByUrl', validateBody(ZArticleByUrl), async (_req, res) => {
    const { lang, url } = res.locals.body;
    const article = await deps.db.blogArticle.findUnique({ where: { url_lang: { url, lang } }, select: { ...summary, body: true } });
    if (!article) throw new AppError('NOT_FOUND', `article ${url}`);
    res.json({ code: 0, data: article });
  });

  return r;
}
