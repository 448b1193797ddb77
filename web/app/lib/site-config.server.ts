import { socialLinks } from '#shared/env';
import { toolCatalog } from '#shared/tools';

/** What the site's chrome needs from the server: the social links, the tool list and whether the visitor runs macOS. */
export function chromeConfig(request: Request) {
  return {
    social: socialLinks(),
    tools: toolCatalog(),
    // The header offers the Mac build to a Mac; iPhones and iPads say "like Mac OS X", not "Macintosh".
    isMac: /Macintosh/.test(request.headers.get('user-agent') ?? ''),
  };
}
