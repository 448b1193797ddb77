// Seeds what a fresh install needs. Idempotent: safe on every start.
import { loadEnv } from '#shared/env';
import { createDb } from '#shared/server/db';
import { ARTICLES, CATEGORIES } from './seed-data/blog';

const db = createDb(loadEnv().DATABASE_URL, 1);

async function seedBlog() {
  for (const lang of ['en', 'fr'] as const) {
    const ids = new Map<string, string>();
    for (const c of CATEGORIES[lang]) {
      const row = await db.blogCategory.upsert({
        where: { slug_lang: { slug: c.slug, lang } },
        create: { slug: c.slug, lang, name: c.name, sort: c.sort },
        update: { name: c.name, sort: c.sort },
      });
      ids.set(c.slug, row.id);
    }
    for (const a of ARTICLES[lang]) {
      const data = { title: a.title, description: a.description, body: a.body, categoryId: ids.get(a.category)!, publishedAt: new Date(a.publishedAt) };
      await db.blogArticle.upsert({ where: { url_lang: { url: a.url, lang } }, create: { url: a.url, lang, ...data }, update: data });
    }
  }
}

async function main() {
  await seedBlog();
}

main()
  .finally(() => db.$disconnect())
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
