import { z } from 'zod';
import { RESULT_PATH } from '#shared/api';

/** The spec's `sign` is accepted and ignored: a secret shipped to browsers proves nothing. */
const common = { clientId: z.string().max(128).optional(), sign: z.string().max(256).optional(), channel: z.string().max(64).optional() };

export const ZCheckEmail = z.object({ email: z.string().max(400), ...common });

export const ZEmailLogin = z.object({
  email: z.string().max(400),
  /** Present: sign-up. */
  name: z.string().max(40).optional(),
  /** Present: the emailed link is being used. */
  token: z.string().max(128).optional(),
  /** With token: the person confirmed the address of a link asked for in another browser. */
  confirm: z.literal(true).optional(),
  /** The result whose download asked for the login: the link brings the user back to it. */
  download: z.string().regex(RESULT_PATH).optional(),
  ...common,
});

/** The one box: whichever link the address needs, a log-in link or a sign-up link. */
export const ZLoginLink = z.object({
  email: z.string().max(400),
  /** The new account's name, when the client asked for one; optional, and ignored for a known address. */
  name: z.string().max(40).optional(),
  download: z.string().regex(RESULT_PATH).optional(),
  ...common,
});

export const ZUpdateName = z.object({ name: z.string().max(40) });

/** Deleting the account is confirmed by typing its address. */
export const ZDeleteAccount = z.object({ email: z.string().max(400) });

export const ZGoogleLogin = z.object({ token: z.string().min(10).max(8192), ...common });
