/**
 * All user-visible copy, bundled for both languages. Each JSON file of a language folder (and of its
 * pages/ folder) is one top-level key of that language's resources (`errors.json` → `errors.FILE_TOO_LARGE`).
 * A unit test checks that en and fr hold exactly the same keys.
 */
import enAbout from './en/about.json';
import enAccount from './en/account.json';
import enAiAnswers from './en/aiAnswers.json';
import enAiPdf from './en/aiPdf.json';
import enAiQuestions from './en/aiQuestions.json';
import enAiTranslate from './en/aiTranslate.json';
import enAuth from './en/auth.json';
import enBlog from './en/blog.json';
import enCategories from './en/categories.json';
import enCompare from './en/compare.json';
import enContact from './en/contact.json';
import enDownload from './en/download.json';
import enEditor from './en/editor.json';
import enEmail from './en/email.json';
import enErrorPage from './en/errorPage.json';
import enErrors from './en/errors.json';
import enFlow from './en/flow.json';
import enForms from './en/pages/forms.json';
import enGrid from './en/grid.json';
import enHistory from './en/history.json';
import enHome from './en/home.json';
import enLeave from './en/leave.json';
import enLegal from './en/pages/legal.json';
import enNav from './en/nav.json';
import enNotices from './en/notices.json';
import enOptions from './en/options.json';
import enSignatureCheck from './en/signatureCheck.json';
import enPricing from './en/pricing.json';
import enSite from './en/site.json';
import enSubscription from './en/subscription.json';
import enToolGuides from './en/pages/toolGuides.json';
import enToolPage from './en/toolPage.json';
import enTools from './en/tools.json';
import enUnits from './en/units.json';
import enWorkspace from './en/workspace.json';
import frAbout from './fr/about.json';
import frAccount from './fr/account.json';
import frAiAnswers from './fr/aiAnswers.json';
import frAiPdf from './fr/aiPdf.json';
import frAiQuestions from './fr/aiQuestions.json';
import frAiTranslate from './fr/aiTranslate.json';
import frAuth from './fr/auth.json';
import frBlog from './fr/blog.json';
import frCategories from './fr/categories.json';
import frCompare from './fr/compare.json';
import frContact from './fr/contact.json';
import frDownload from './fr/download.json';
import frEditor from './fr/editor.json';
import frEmail from './fr/email.json';
import frErrorPage from './fr/errorPage.json';
import frErrors from './fr/errors.json';
import frFlow from './fr/flow.json';
import frForms from './fr/pages/forms.json';
import frGrid from './fr/grid.json';
import frHistory from './fr/history.json';
import frHome from './fr/home.json';
import frLeave from './fr/leave.json';
import frLegal from './fr/pages/legal.json';
import frNav from './fr/nav.json';
import frNotices from './fr/notices.json';
import frOptions from './fr/options.json';
import frSignatureCheck from './fr/signatureCheck.json';
import frPricing from './fr/pricing.json';
import frSite from './fr/site.json';
import frSubscription from './fr/subscription.json';
import frToolGuides from './fr/pages/toolGuides.json';
import frToolPage from './fr/toolPage.json';
import frTools from './fr/tools.json';
import frUnits from './fr/units.json';
import frWorkspace from './fr/workspace.json';

export { DEFAULT_LANG, LANGS, isLang, type Lang } from './langs';
import type { Lang } from './langs';

/**
 * Long copy that only its own pages show (legal texts, form guides, the tools' steps and FAQs), in
 * each language's pages/ folder. The browser's copy bundle leaves it out: a page that shows it
 * receives its part with the page's data (web/app/lib/page-copy.ts).
 */
export const PAGE_RESOURCES = {
  en: { forms: enForms, legal: enLegal, toolGuides: enToolGuides },
  fr: { forms: frForms, legal: frLegal, toolGuides: frToolGuides },
} satisfies Record<Lang, Record<string, unknown>>;
export type PageCopyFile = keyof (typeof PAGE_RESOURCES)[Lang];

export const RESOURCES = {
  en: {
    ...PAGE_RESOURCES.en,
    about: enAbout,
    account: enAccount,
    aiAnswers: enAiAnswers,
    aiPdf: enAiPdf,
    aiQuestions: enAiQuestions,
    aiTranslate: enAiTranslate,
    auth: enAuth,
    blog: enBlog,
    categories: enCategories,
    compare: enCompare,
    contact: enContact,
    download: enDownload,
    editor: enEditor,
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
    signatureCheck: enSignatureCheck,
    pricing: enPricing,
    site: enSite,
    subscription: enSubscription,
    toolPage: enToolPage,
    tools: enTools,
    units: enUnits,
    workspace: enWorkspace,
  },
  fr: {
    ...PAGE_RESOURCES.fr,
    about: frAbout,
    account: frAccount,
    aiAnswers: frAiAnswers,
    aiPdf: frAiPdf,
    aiQuestions: frAiQuestions,
    aiTranslate: frAiTranslate,
    auth: frAuth,
    blog: frBlog,
    categories: frCategories,
    compare: frCompare,
    contact: frContact,
    download: frDownload,
    editor: frEditor,
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
    signatureCheck: frSignatureCheck,
    pricing: frPricing,
    site: frSite,
    subscription: frSubscription,
    toolPage: frToolPage,
    tools: frTools,
    units: frUnits,
    workspace: frWorkspace,
  },
} satisfies Record<Lang, Record<string, unknown>>;
