import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { localizePath, useLang } from '~/lib/i18n';
import { useAuthActions, useUser } from '~/stores/auth-provider';

/**
 * A page for signed-in users: its loader already sent cookie-less visitors home; this does the same
 * when the session turns out to be over (the API answered 519) or the user logs out. Returns the user
 * and the login flow's actions.
 */
export function useSignedInPage() {
  const user = useUser();
  const auth = useAuthActions();
  const navigate = useNavigate();
  const lang = useLang();
  const signedIn = user.signedIn;
  useEffect(() => {
    if (!signedIn) navigate(localizePath('/', lang), { replace: true });
  }, [signedIn, navigate, lang]);
  return { user, auth };
}
