import { createContext, type RouterContextProvider } from 'react-router';
import type { PageServices } from '#shared/web-contract';

/** Where the server entry's loadContext puts the services the API hands in (see #shared/web-contract). */
export const pageServicesContext = createContext<PageServices | null>(null);

/** The services from a loader's context; only the API's server provides them (not `react-router dev`). */
export function pageServices(context: Readonly<RouterContextProvider>): PageServices {
  const services = context.get(pageServicesContext);
  if (!services) throw new Error('This page reads data on the server: serve the web app through the API (npm run api).');
  return services;
}
