import { HomeContent } from '~/components/home/home-content';
import { getI18n, langFromPath } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/home';

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/', title: t('site.metaTitle'), description: t('site.metaDescription'), origin: originFrom(matches) });
}

export default function Home() {
  return <HomeContent />;
}
