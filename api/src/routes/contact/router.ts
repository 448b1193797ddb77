import type { Deps } from '#shared/server/deps';
import { singleAddress } from '../../services/email-login-service';
import { rateLimit } from '../../services/rate-limit';
import type { Handlers } from '../endpoint-router';

/** The contact form: stores the message and mails the operator (CONTACT_EMAIL). */
export function contactHandlers(deps: Deps): Handlers<'contact'> {
  return {
    contact: async ({ req, who, body }) => {
      // The reply goes to this address: one mailbox, never a list or a display name with another inside.
      const msg = { ...body, email: singleAddress(body.email) };
      await rateLimit(deps, `contact:${req.ip}`, 5, 3600);
      const row = await deps.db.contactMessage.create({ data: { ...msg, userId: who.userId } });
      await deps.mail.send({
        to: { address: deps.env.CONTACT_EMAIL },
        // The operator answers the visitor by replying, not the site's no-reply address.
        replyTo: { address: msg.email },
        subject: `[Sheaf contact] ${msg.subject ?? '(no subject)'}`,
        text: `From: ${msg.name ?? ''} <${msg.email}>\nMessage id: ${row.id}\n\n${msg.body}`,
        html: `<p>From: ${escape(msg.name ?? '')} &lt;${escape(msg.email)}&gt;<br>Message id: ${row.id}</p><pre>${escape(msg.body)}</pre>`,
      });
      return { code: 0, data: { id: row.id } };
    },
  };
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
