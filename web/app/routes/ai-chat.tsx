import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { notFound } from '~/lib/route-errors';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/ai-chat';

/** An AI document id: letters, digits, '-' and '_' (cuid, uuid, nanoid), 6 to 64 of them. */
const DOCUMENT_ID = /^[A-Za-z0-9_-]{6,64}$/;

/** The spec: a route whose parameters fail validation shows the 404 page. */
export function loader({ params }: Route.LoaderArgs) {
  if (!DOCUMENT_ID.test(params.id)) throw notFound();
  return null;
}

export function meta({ location, params, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: `/ai-pdf/chat/${params.id}`, title: t('aiPdf.chat.metaTitle'), description: t('aiPdf.chat.text'), origin: originFrom(matches), noindex: true });
}

/** A conversation with a document; until the AI issue, it says the assistant is not available yet. */
export default function AiChatPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <div className="container page-narrow ai-chat">
      <h1 className="ai-chat__title">{t('aiPdf.chat.title')}</h1>
      <p className="ai-chat__text" role="status">
        {t('aiPdf.chat.text')}
      </p>
      <Link className="button button--primary" to={localize('/ai-pdf')}>
        {t('aiPdf.chat.back')}
      </Link>
    </div>
  );
}
