import { z } from 'zod';
import { API_PATHS } from '#shared/api';
import { ZContact } from '../routes/contact/router';
import { ZArticleByUrl, ZArticleList, ZCategoryList } from '../routes/blog/schema';
import type { BlogArticle, BlogArticlePage, BlogCategorySummary } from '#shared/blog';
import { covering, ZHealth, type Serialized } from './answers';
import { envelope, type Area } from './build';

const ZArticleSummary = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  publishedAt: z.string().meta({ format: 'date-time' }),
  category: z.object({ slug: z.string(), name: z.string() }),
});
const ZCategories = covering<Serialized<BlogCategorySummary[]>>()(
  z.array(z.object({ slug: z.string(), name: z.string(), articles: z.number().int().describe('Articles in this language') })),
);
const ZArticlePage = covering<Serialized<BlogArticlePage>>()(
  z.object({ total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int(), list: z.array(ZArticleSummary) }),
);
const ZArticle = covering<Serialized<BlogArticle>>()(
  ZArticleSummary.extend({ body: z.string().describe("HTML written by the site's authors") }),
);

/** The blog's calls (the spec's miaohui/seo/*) and the contact form. */
export function contentArea(): Area {
  return {
    tag: 'Blog and contact',
    description: "The blog's categories and articles, and the contact form.",
    paths: {
      '/api/miaohui/seo/getCategoryList': {
        post: {
          summary: 'Blog categories',
          access: 'visitor',
          body: ZCategoryList,
          requestExample: { lang: 'en' },
          answer: { description: 'data: the categories', schema: envelope(ZCategories) },
        },
      },
      '/api/miaohui/seo/getArticleListByCategory': {
        post: {
          summary: "A category's articles",
          access: 'visitor',
          body: ZArticleList,
          requestExample: { lang: 'en', category: 'guides', pageNum: 1, pageSize: 10 },
          answer: { description: 'data: a page of articles', schema: envelope(ZArticlePage) },
        },
      },
      '/api/miaohui/seo/getArticleByUrl': {
        post: {
          summary: 'One article',
          access: 'visitor',
          body: ZArticleByUrl,
          answer: { description: 'data: the article', schema: envelope(ZArticle) },
          errors: ['NOT_FOUND'],
        },
      },
      '/api/contact': {
        post: {
          summary: 'Write to the operator',
          description: 'Stored and mailed to the operator (CONTACT_EMAIL), who answers by replying; 5 an hour per address.',
          access: 'visitor',
          body: ZContact,
          requestExample: { email: 'ada@example.com', subject: 'Invoices', body: 'Can I get an invoice for my order?' },
          answer: { description: 'data: { id } of the message', schema: envelope(z.object({ id: z.string() })) },
          errors: ['INVALID_EMAIL'],
        },
      },
    },
  };
}

/** The server's health and this document. */
export function serviceArea(): Area {
  return {
    tag: 'Service',
    description: 'Health, and this document.',
    paths: {
      [API_PATHS.health]: {
        get: {
          summary: 'Health',
          description:
            'PostgreSQL and Redis answer (200), else 503; the engines workers found; degraded (still 200) when no worker has beaten lately.',
          access: 'anyone',
          answer: {
            description: 'ok or degraded',
            schema: ZHealth,
            example: { status: 'ok', checks: { db: 'ok', redis: 'ok', worker: 'ok' }, engines: { qpdf: true, gs: true, soffice: true } },
          },
          otherAnswers: [
            {
              status: 503,
              description: 'unavailable: PostgreSQL or Redis does not answer',
              schema: ZHealth,
              example: { status: 'unavailable', checks: { db: 'ok', redis: 'down', worker: 'none' }, engines: {} },
            },
          ],
        },
      },
      [API_PATHS.docs]: {
        get: {
          summary: 'This document (OpenAPI 3.1, JSON)',
          access: 'anyone',
          answer: { description: 'The OpenAPI document', schema: { type: 'object' } },
        },
      },
      [`${API_PATHS.docs}/view`]: {
        get: { summary: 'This document as a readable page', access: 'anyone', answer: { description: 'An HTML page', type: 'text/html' } },
      },
    },
  };
}
