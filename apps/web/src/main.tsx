import './lib/zod-jitless';
import { i18nReady } from './i18n/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startMeRequest } from './features/auth/api/early-me';
import { loadFirstPage } from './routes/app-routes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Every page asks who is signed in (the sign-in page to send a signed-in visitor on); the answer
// travels while the texts download.
startMeRequest();

// The first render waits for the shown language's texts (one small download), never for the others,
// and for the code of the page at the address (already downloading beside the entry), so that it
// renders the page rather than a loading screen the page would have to wait 300 ms behind (see
// `lazyWithPreload`); a download that fails leaves the page to its loading screen.
// As a transition it renders in slices, between which a phone's browser can paint and take input,
// instead of one task that held its main thread for a good part of a second.
void Promise.all([i18nReady, loadFirstPage().catch(() => undefined)]).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
