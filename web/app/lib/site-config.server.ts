import { socialLinks } from '#shared/env';
import { toolCatalog } from '#shared/tools';
import type { PageConfig } from '#shared/web-contract';

/**
 * What the site's chrome needs from the server: the tool list, whether the visitor runs macOS, and
 * what the operator configured — the social links, the desktop builds, Google sign-in, sealing and an AI provider. Nothing
 * unconfigured is offered (no link to a network's home page, no button to a sign-in that 404s).
 */
export function chromeConfig(request: Request, config: PageConfig) {
  return {
    social: socialLinks(config),
    tools: toolCatalog(),
    // The header offers the Mac build to a Mac; iPhones and iPads say "like Mac OS X", not "Macintosh".
    isMac: /Macintosh/.test(request.headers.get('user-agent') ?? ''),
    desktop: { windows: Boolean(config.DESKTOP_WINDOWS_URL), mac: Boolean(config.DESKTOP_MAC_URL) },
    // The popup's Google button runs the redirect flow, which needs both.
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    // Boot opened the certificate (a bad one stops it), so a path means Sign PDF can seal.
    sealing: Boolean(config.SIGN_CERT_P12),
    // An AI provider writes answers (generative mode); without one the AI pages show its notice.
    generativeAi: Boolean(config.AI_MODEL),
  };
}
