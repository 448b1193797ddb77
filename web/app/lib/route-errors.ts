import { data, isRouteErrorResponse } from 'react-router';

/**
 * A route whose parameters fail validation: throw this from its loader to show the not-found page
 * ('This page could not be found') with status 404.
 */
export const notFound = () => data({ reason: 'notFound' }, { status: 404 });

/** A well-formed address whose record does not exist: the error layout's "This page has no data", status 404. */
export const noData = () => data({ reason: 'noData' }, { status: 404 });

/** How an error is shown: the not-found page, or the error layout's message for its status. */
export function describeError(error: unknown): { status: number; notFound: boolean } {
  if (!isRouteErrorResponse(error)) return { status: 500, notFound: false };
  const noRecord = (error.data as { reason?: string } | null)?.reason === 'noData';
  return { status: error.status, notFound: error.status === 404 && !noRecord };
}
