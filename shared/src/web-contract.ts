import type { RouterContextProvider } from 'react-router';
import type { PricingProduct } from './billing/api';
import type { BusinessType } from './billing/catalogue';
import type { BlogService } from './blog';
import type { Env } from './env';

/**
 * What the API hands the web app's server side, and how. The API loads the web build at run time
 * and never imports web/; web/ never imports the API's code. Both sides import this module instead.
 */

/** The configuration the pages state (retention, limits, download links, the public URL). */
export type PageConfig = Pick<
  Env,
  | 'FILE_RETENTION_MINUTES'
  | 'SESSION_DAYS'
  | 'MAX_UPLOAD_MB'
  // The pages an AI document may have: the AI upload and the pricing page state it.
  | 'AI_MAX_PAGES'
  | 'DOWNLOAD_POLICY'
  // The Free plan's daily tasks, which the pricing page states when billing is on.
  | 'FREE_DAILY_TASKS'
  | 'DESKTOP_WINDOWS_URL'
  | 'DESKTOP_MAC_URL'
  | 'EBOOK_MAX_FILES'
  | 'PUBLIC_URL'
  // Whether Google sign-in is set up: the pages offer only the sign-in methods that work.
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'SOCIAL_FACEBOOK_URL'
  | 'SOCIAL_X_URL'
  | 'SOCIAL_LINKEDIN_URL'
  | 'SOCIAL_YOUTUBE_URL'
  // Whether the operator's certificate is set up: Sign PDF offers the seal only then.
  | 'SIGN_CERT_P12'
  // Whether an AI provider is set up (loadEnv takes its three settings together): the AI pages say so from the first paint.
  | 'AI_MODEL'
>;

/** The plans the pricing page renders on the server, and whether they can be bought here. */
export interface PageBillingService {
  /** Whether Stripe is configured: without it the plans are listed but every Pay answers 'Payment method not configured'. */
  configured: boolean;
  /** The plans of one kind (Pro by default), in the spec's order, in the language's currency ($ for en, € for fr). */
  products(lang: 'en' | 'fr', businessType?: BusinessType): Promise<PricingProduct[]>;
}

/** What the server-rendered pages read on the server: the blog, the plans, and the configuration they state. */
export interface PageServices {
  blog: BlogService;
  billing: PageBillingService;
  config: PageConfig;
}

/** The values of one page request, from the API. */
export interface PageRequestValues {
  services: PageServices;
  /** The Content-Security-Policy nonce of this response, for the inline scripts and styles. */
  cspNonce: string | undefined;
}

/**
 * What the web build's server entry (web/app/entry.server.tsx) exports besides its renderer. The
 * API's getLoadContext calls loadContext with each request's values; the entry puts them in React
 * Router's context under keys only the web build holds, and its loaders read them there.
 */
export interface WebServerEntry {
  loadContext(values: PageRequestValues): RouterContextProvider;
}
