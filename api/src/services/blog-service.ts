import type { BlogService } from '#shared/blog';
import type { Db } from '#shared/server/db';

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
