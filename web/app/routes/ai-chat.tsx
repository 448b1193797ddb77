import { ChatWorkspace } from '~/components/ai/chat-workspace';
import { getI18n, langFromPath } from '~/lib/i18n';
import { routeCopy } from '~/lib/page-copy.server';
import { notFound } from '~/lib/route-errors';
import { originFrom, pageMeta } from '~/lib/seo';
import type { SheetsHandle } from '~/lib/inline-styles';
import type { Route } from './+types/ai-chat';

/** The AI pages' stylesheet comes with them. */
export const handle: SheetsHandle = { sheets: ['tools', 'ai'] };

/** An AI document id: letters, digits, '-' and '_' (cuid, uuid, nanoid), 6 to 64 of them. */
const DOCUMENT_ID = /^[A-Za-z0-9_-]{6,64}$/;

/** The spec: a route whose parameters fail validation shows the 404 page. */
export function loader({ request, params }: Route.LoaderArgs) {
  if (!DOCUMENT_ID.test(params.id)) throw notFound();
  return { pageCopy: routeCopy(request, ['aiPdf', 'aiTranslate']) };
}

export function meta({ location, params, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: `/ai-pdf/chat/${params.id}`, title: t('aiPdf.chat.metaTitle'), description: t('aiPdf.chat.text'), origin: originFrom(matches), noindex: true });
}

/** A conversation with one of the requester's documents, the document beside it. */
export default function AiChatPage({ params }: Route.ComponentProps) {
  return <ChatWorkspace key={params.id} documentId={params.id} />;
}
