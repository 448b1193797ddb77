import { HomeContent } from '~/components/home/home-content';
import { LANGUAGE_VARY } from '~/lib/cookies';
import { getI18n, langFromPath } from '~/lib/i18n';
import { organizationLd, originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/home';

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  const origin = originFrom(matches);
  return pageMeta({ lang, path: '/', title: t('site.metaTitle'), description: t('site.metaDescription'), origin, jsonLd: [organizationLd(origin, lang)] });
}

// The English home is also what a browser gets on / when it is not sent to /fr.
export const headers = () => ({ Vary: LANGUAGE_VARY });

export default function Home() {
  return <HomeContent />;
}
