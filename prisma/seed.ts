// Seeds what a fresh install needs. Idempotent: safe on every start.
import { loadCatalogue, PRODUCT_ORDER } from '#shared/billing/catalogue';
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

/**
 * The plans on sale, from products.json: the operator edits the file and re-seeds; rows are matched
 * by code, so orders and subscriptions keep their product. A code gone from the file stops being sold.
 */
async function seedProducts() {
  const catalogue = loadCatalogue();
  for (const [i, p] of catalogue.entries()) {
    const data = {
      name: p.name,
      businessType: p.businessType,
      productType: p.productType,
      amountUsd: p.amount.USD,
      amountEur: p.amount.EUR,
      listPriceUsd: p.listPrice.USD,
      listPriceEur: p.listPrice.EUR,
      trialDays: p.trialDays,
      active: true,
      sort: PRODUCT_ORDER[p.productType] * 100 + i,
    };
    await db.product.upsert({ where: { code: p.code }, create: { code: p.code, ...data }, update: data });
  }
  await db.product.updateMany({ where: { code: { notIn: catalogue.map((p) => p.code) } }, data: { active: false } });
}

async function main() {
  await seedBlog();
  await seedProducts();
}

main()
  .finally(() => db.$disconnect())
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
