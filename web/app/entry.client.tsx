import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { langFromPath, loadCopy, prefetchCopyOnIntent } from '~/lib/i18n';

// The server's HTML is already on screen; React takes it over once the page's language has arrived.
void loadCopy(langFromPath(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
prefetchCopyOnIntent(document);
