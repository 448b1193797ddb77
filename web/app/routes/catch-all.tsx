import { notFound } from '~/lib/route-errors';

/** An unknown address answers 404 with the not-found page (in its language, in the site's frame), not a redirect home. */
export function loader() {
  throw notFound();
}

export default function CatchAll() {
  return null;
}
