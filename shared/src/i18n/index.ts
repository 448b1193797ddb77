/**
 * All user-visible copy, bundled for both languages. Each JSON file of a language folder is one
 * top-level key of that language's resources (`errors.json` → `errors.FILE_TOO_LARGE`).
 * A unit test checks that en and fr hold exactly the same keys.
 */
import enAccount from './en/account.json';
import enAuth from './en/auth.json';
import enCategories from './en/categories.json';
import enContact from './en/contact.json';
import enEmail from './en/email.json';
import enErrorPage from './en/errorPage.json';
import enErrors from './en/errors.json';
import enFlow from './en/flow.json';
import enGrid from './en/grid.json';
import enHistory from './en/history.json';
import enHome from './en/home.json';
import enLeave from './en/leave.json';
import enNav from './en/nav.json';
import enNotices from './en/notices.json';
import enOptions from './en/options.json';
import enSite from './en/site.json';
import enToolPage from './en/toolPage.json';
import enTools from './en/tools.json';
import enUnits from './en/units.json';
import frAccount from './fr/account.json';
import frAuth from './fr/auth.json';
import frCategories from './fr/categories.json';
import frContact from './fr/contact.json';
import frEmail from './fr/email.json';
import frErrorPage from './fr/errorPage.json';
import frErrors from './fr/errors.json';
import frFlow from './fr/flow.json';
import frGrid from './fr/grid.json';
import frHistory from './fr/history.json';
import frHome from './fr/home.json';
import frLeave from './fr/leave.json';
import frNav from './fr/nav.json';
import frNotices from './fr/notices.json';
import frOptions from './fr/options.json';
import frSite from './fr/site.json';
import frToolPage from './fr/toolPage.json';
import frTools from './fr/tools.json';
import frUnits from './fr/units.json';

export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export const isLang = (value: string | undefined): value is Lang => (LANGS as readonly string[]).includes(value ?? '');

export const RESOURCES = {
  en: {
    account: enAccount,
    auth: enAuth,
    categories: enCategories,
    contact: enContact,
    email: enEmail,
    errorPage: enErrorPage,
    errors: enErrors,
    flow: enFlow,
    grid: enGrid,
    history: enHistory,
    home: enHome,
    leave: enLeave,
    nav: enNav,
    notices: enNotices,
    options: enOptions,
    site: enSite,
    toolPage: enToolPage,
    tools: enTools,
    units: enUnits,
  },
  fr: {
    account: frAccount,
    auth: frAuth,
    categories: frCategories,
    contact: frContact,
    email: frEmail,
    errorPage: frErrorPage,
    errors: frErrors,
    flow: frFlow,
    grid: frGrid,
    history: frHistory,
    home: frHome,
    leave: frLeave,
    nav: frNav,
    notices: frNotices,
    options: frOptions,
    site: frSite,
    toolPage: frToolPage,
    tools: frTools,
    units: frUnits,
  },
} satisfies Record<Lang, Record<string, unknown>>;
