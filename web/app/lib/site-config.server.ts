import { socialLinks } from '../../../shared/src/env';

/** What the site's chrome needs from the server: the social links and whether the visitor runs macOS. */
export function chromeConfig(request: Request) {
  return {
    social: socialLinks(),
    // The header offers the Mac build to a Mac; iPhones and iPads say "like Mac OS X", not "Macintosh".
    isMac: /Macintosh/.test(request.headers.get('user-agent') ?? ''),
  };
}
