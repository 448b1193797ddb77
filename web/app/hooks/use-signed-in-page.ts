import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { localizePath, useLang } from '~/lib/i18n';
import { useAuth } from '~/stores/auth-provider';

/**
 * A page for signed-in users: its loader already sent cookie-less visitors home; this does the same
 * when the session turns out to be over (the API answered 519) or the user logs out.
 */
export function useSignedInPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const lang = useLang();
  const signedIn = auth.user.signedIn;
  useEffect(() => {
    if (!signedIn) navigate(localizePath('/', lang), { replace: true });
  }, [signedIn, navigate, lang]);
  return auth;
}
