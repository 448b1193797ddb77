import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES } from '../../prisma/seed-data/blog';
import { visitor } from '../support/api-client';
import { startStack, type Stack } from '../support/stack';

describe('blog and contact', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { worker: false });
  });
  afterAll(() => stack.stop());

  it('lists the seeded categories and articles in both languages', async () => {
    const v = visitor(stack.app);
    for (const lang of ['en', 'fr']) {
      const cats = await v.agent.post('/api/miaohui/seo/getCategoryList').send({ lang });
      expect(cats.body.code).toBe(0);
      expect(cats.body.data.map((c: { slug: string }) => c.slug)).toEqual(['reduce-pdf', 'pdf-guides']);
      const list = await v.agent.post('/api/miaohui/seo/getArticleListByCategory').send({ lang, category: 'reduce-pdf' });
      expect(list.body.data.total).toBe(ARTICLES[lang as 'en' | 'fr'].filter((a) => a.category === 'reduce-pdf').length);
      const one = await v.agent.post('/api/miaohui/seo/getArticleByUrl').send({ lang, url: list.body.data.list[0].url });
      expect(one.body.data.body).toMatch(/<p>/);
    }
    const fr = await v.agent.post('/api/miaohui/seo/getArticleByUrl').send({ lang: 'fr', url: 'why-is-my-pdf-so-large' });
    expect(fr.body.data.title).toMatch(/Pourquoi/);
    expect((await v.agent.post('/api/miaohui/seo/getArticleByUrl').send({ url: 'nope' })).status).toBe(404);
  });

  it('stores a contact message and mails the operator', async () => {
    const v = visitor(stack.app);
    const res = await v.agent.post('/api/contact').send({ email: 'reader@example.com', name: 'Reader', subject: 'Hello', body: 'A question <b>about</b> merging' });
    expect(res.body.code).toBe(0);
    const row = await stack.deps.db.contactMessage.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.body).toBe('A question <b>about</b> merging');
    const outbox = path.join(stack.deps.env.DATA_DIR, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.some((m) => m.includes(res.body.data.id) && m.includes('To: support@localhost') && m.includes('Reply-To: reader@example.com'))).toBe(true);
    expect((await v.agent.post('/api/contact').send({ email: 'bad', body: 'x' })).body.message).toBe('Enter a valid email address');
  });
});
