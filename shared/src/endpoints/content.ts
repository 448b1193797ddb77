import { z } from 'zod';
import { API_PATHS } from '../api';
import { FILE_KINDS } from '../file-kinds';
import type { BlogArticle, BlogArticlePage, BlogCategorySummary } from '../blog';
import { covering, ZHealth, type Serialized } from './answers';
import { area, envelope } from './endpoint';

const lang = z.enum(['en', 'fr']).default('en');

export const ZCategoryList = z.object({ lang });
export const ZArticleList = z.object({
  lang,
  category: z.string().max(64),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const ZArticleByUrl = z.object({ lang, url: z.string().max(200) });

export const ZContact = z.object({
  email: z.string().max(320),
  name: z.string().max(80).optional(),
  subject: z.string().max(200).optional(),
  body: z.string().min(1).max(5000),
});

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
const ZArticle = covering<Serialized<BlogArticle>>()(ZArticleSummary.extend({ body: z.string().describe("HTML written by the site's authors") }));

/** The blog's calls (the spec's miaohui/seo/*) and the contact form. */
export const CONTENT = area('Blog and contact', "The blog's categories and articles, and the contact form.", {
  getCategoryList: {
    method: 'post',
    path: '/api/miaohui/seo/getCategoryList',
    summary: 'Blog categories',
    access: 'visitor',
    body: ZCategoryList,
    requestExample: { lang: 'en' },
    answer: { description: 'data: the categories', schema: envelope(ZCategories) },
  },
  getArticleListByCategory: {
    method: 'post',
    path: '/api/miaohui/seo/getArticleListByCategory',
    summary: "A category's articles",
    access: 'visitor',
    body: ZArticleList,
    requestExample: { lang: 'en', category: 'guides', pageNum: 1, pageSize: 10 },
    answer: { description: 'data: a page of articles', schema: envelope(ZArticlePage) },
  },
  getArticleByUrl: {
    method: 'post',
    path: '/api/miaohui/seo/getArticleByUrl',
    summary: 'One article',
    access: 'visitor',
    body: ZArticleByUrl,
    answer: { description: 'data: the article', schema: envelope(ZArticle) },
    errors: ['NOT_FOUND'],
  },
  contact: {
    method: 'post',
    path: '/api/contact',
    summary: 'Write to the operator',
    description: 'Stored and mailed to the operator (CONTACT_EMAIL), who answers by replying; 5 an hour per address.',
    access: 'visitor',
    body: ZContact,
    requestExample: { email: 'ada@example.com', subject: 'Invoices', body: 'Can I get an invoice for my order?' },
    answer: { description: 'data: { id } of the message', schema: envelope(z.object({ id: z.string() })) },
    errors: ['INVALID_EMAIL', 'TOO_FREQUENT'],
  },
});

/** The server's health and this document. */
export const SERVICE = area('Service', 'Health, and this document.', {
  health: {
    method: 'get',
    path: API_PATHS.health,
    summary: 'Health',
    description: 'PostgreSQL and Redis answer (200), else 503; the engines workers found and the OCR engine they chose; degraded (still 200) when no worker has beaten lately.',
    access: 'anyone',
    answer: {
      description: 'ok or degraded',
      schema: ZHealth,
      example: { status: 'ok', checks: { db: 'ok', redis: 'ok', worker: 'ok' }, engines: { qpdf: true, gs: true, soffice: true, tesseract: true }, ocr: 'native' },
    },
    otherAnswers: [
      {
        status: 503,
        description: 'unavailable: PostgreSQL or Redis does not answer',
        schema: ZHealth,
        example: { status: 'unavailable', checks: { db: 'ok', redis: 'down', worker: 'none' }, engines: {}, ocr: null },
      },
    ],
  },
  tools: {
    method: 'get',
    path: '/api/tools',
    summary: 'The tools a transfer can run here',
    description:
      "Every tool's toolType, how many files it takes and of which kinds, and whether this server can run it now (built, and its engines found by the workers; before any worker has reported, assumed).",
    access: 'anyone',
    answer: {
      description: 'data: one entry per tool',
      schema: envelope(
        z.array(
          z.object({
            id: z.string().describe('The toolType a transfer names'),
            available: z.boolean().describe('false: a transfer of it answers TOOL_UNAVAILABLE'),
            minFiles: z.number().int(),
            maxFiles: z.number().int(),
            accepts: z.array(z.enum(FILE_KINDS)),
          }),
        ),
      ),
      example: { code: 0, data: [{ id: 'compress-pdf', available: true, minFiles: 1, maxFiles: 1, accepts: ['pdf'] }] },
    },
  },
  docs: {
    method: 'get',
    path: API_PATHS.docs,
    summary: 'This document (OpenAPI 3.1, JSON)',
    access: 'anyone',
    answer: { description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() },
  },
  docsView: {
    method: 'get',
    path: `${API_PATHS.docs}/view`,
    summary: 'This document as a readable page',
    access: 'anyone',
    answer: { description: 'An HTML page', type: 'text/html' },
  },
});
