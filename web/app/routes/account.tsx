import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiKeysTab } from '~/components/account/api-keys-tab';
import { ProfileTab } from '~/components/account/profile-tab';
import { BillingTab } from '~/components/payment/billing-tab';
import { useSignedInPage } from '~/hooks/use-signed-in-page';
import { useLocalize } from '~/lib/i18n';
import type { SheetsHandle } from '~/lib/inline-styles';
import { signedInLoader } from '~/lib/session.server';
import { signedInPageMeta } from '~/lib/seo';

/** Signed-in users only: without the session cookie the server sends the visitor home. */
export const loader = signedInLoader;
export const meta = signedInPageMeta('/account', 'account.metaTitle', 'account.metaDescription');
export const handle: SheetsHandle = { sheets: ['account'] };

type Tab = 'profile' | 'billing' | 'apiKeys';
const TABS: readonly Tab[] = ['profile', 'billing', 'apiKeys'];

/** The account center: profile (email, name, plans, deleting the account), billing (plans in force, payments, upgrade prompt) and personal API keys. */
export default function AccountPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [params] = useSearchParams();
  const { user } = useSignedInPage();
  const tab: Tab = TABS.find((id) => id !== 'profile' && params.get('type') === id) ?? 'profile';
  const info = user.userInfo;
  const vip = user.vipInfo;
  const tabs = TABS.map((id) => ({ id, to: id === 'profile' ? localize('/account') : `${localize('/account')}?type=${id}` }));

  return (
    <div className="container page-narrow">
      <h1 className="page-title">{t('account.title')}</h1>
      <nav className="tabs" aria-label={t('account.tabsLabel')}>
        {tabs.map(({ id, to }) => (
          <Link key={id} to={to} className={`tabs__tab${tab === id ? ' is-current' : ''}`} aria-current={tab === id ? 'page' : undefined} preventScrollReset>
            {t(`account.tabs.${id}`)}
          </Link>
        ))}
      </nav>

      {!info || !vip ? (
        <p className="page-lead" role="status">
          {t('account.loading')}
        </p>
      ) : tab === 'profile' ? (
        <ProfileTab info={info} vip={vip} />
      ) : tab === 'billing' ? (
        <BillingTab vip={vip} />
      ) : (
        <ApiKeysTab />
      )}
    </div>
  );
}
