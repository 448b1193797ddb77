import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '#shared/server/deps';
import { getRequester } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { singleAddress } from '../../services/email-login-service';
import { rateLimit } from '../../services/rate-limit';

export const ZContact = z.object({
  email: z.string().max(320),
  name: z.string().max(80).optional(),
  subject: z.string().max(200).optional(),
  body: z.string().min(1).max(5000),
});

/** The contact form: stores the message and mails the operator (CONTACT_EMAIL). */
export function contactRouter(deps: Deps): Router {
  const r = Router();
  r.post('/', validateBody(ZContact), async (req, res) => {
    const body = res.locals.body as z.infer<typeof ZContact>;
    // The reply goes to this address: one mailbox, never a list or a display name with another inside.
    const msg = { ...body, email: singleAddress(body.email) };
    await rateLimit(deps, `contact:${req.ip}`, 5, 3600);
    const row = await deps.db.contactMessage.create({ data: { ...msg, userId: getRequester(res).userId } });
    await deps.mail.send({
      to: { address: deps.env.CONTACT_EMAIL },
      // The operator answers the visitor by replying, not the site's no-reply address.
      replyTo: { address: msg.email },
      subject: `[Sheaf contact] ${msg.subject ?? '(no subject)'}`,
      text: `From: ${msg.name ?? ''} <${msg.email}>\nMessage id: ${row.id}\n\n${msg.body}`,
      html: `<p>From: ${escape(msg.name ?? '')} &lt;${escape(msg.email)}&gt;<br>Message id: ${row.id}</p><pre>${escape(msg.body)}</pre>`,
    });
    res.json({ code: 0, data: { id: row.id } });
  });
  return r;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
