import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HomeContent } from '~/components/home/home-content';
import { getI18n, langFromPath, localizePath, stripLang } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import type { LoginType } from '~/stores/user-store';
import type { Route } from './+types/log-in';

const modeOf = (pathname: string): LoginType => (stripLang(pathname) === '/sign-up' ? 'reg' : 'login');

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  const reg = modeOf(location.pathname) === 'reg';
  return pageMeta({
    lang,
    path: reg ? '/sign-up' : '/log-in',
    title: t(reg ? 'auth.pages.signUpMetaTitle' : 'auth.pages.logInMetaTitle'),
    description: t('auth.pages.metaDescription'),
    origin: originFrom(matches),
    // The home page under the login popup: nothing for a search engine that the home page lacks.
    noindex: true,
  });
}

/** /log-in and /sign-up: the home page with the login popup open in the matching mode. */
export default function LogInPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useUser();
  const { openLogin } = useAuthActions();
  const mode = modeOf(pathname);
  const lang = langFromPath(pathname);

  useEffect(() => {
    if (user.signedIn) navigate(localizePath('/', lang), { replace: true });
    else openLogin({ from: 'page', loginType: mode, next: 'toHome' });
    // Once per arrival in a mode; a login while here runs the popup's own next step.
  }, [mode]);

  return <HomeContent />;
}
