import { z } from 'zod';

const lang = z.enum(['en', 'fr']).default('en');

export const ZCategoryList = z.object({ lang });
export const ZArticleList = z.object({
  lang,
  category: z.string().max(64),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZArticleByUrl = z.object({ lang, url: z.string().max(200) });
