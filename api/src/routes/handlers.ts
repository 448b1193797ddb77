import type { Deps } from '#shared/server/deps';
import { askHandlers } from './ai/ask-router';
import { documentHandlers } from './ai/documents-router';
import { translateHandlers } from './ai/translate-router';
import { billingWebhookHandlers } from './billing/router';
import { blogHandlers } from './blog/router';
import { contactHandlers } from './contact/router';
import type { Handlers } from './endpoint-router';
import { fileHandlers } from './file/router';
import { orderHandlers } from './order/router';
import { productHandlers } from './product/router';
import { serviceHandlers } from './service/router';
import { signatureHandlers } from './signature/router';
import { apiKeyHandlers } from './user/api-keys-router';
import { userHandlers } from './user/router';

/** One handler per declared endpoint: an endpoint without one does not compile. */
export const allHandlers = (deps: Deps): Handlers => ({
  ...fileHandlers(deps),
  ...userHandlers(deps),
  ...apiKeyHandlers(deps),
  ...signatureHandlers(deps),
  ...orderHandlers(deps),
  ...productHandlers(deps),
  ...billingWebhookHandlers(deps),
  ...documentHandlers(deps),
  ...askHandlers(deps),
  ...translateHandlers(deps),
  ...blogHandlers(deps),
  ...contactHandlers(deps),
  ...serviceHandlers(deps),
});
