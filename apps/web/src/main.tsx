import './lib/zod-jitless';
import { i18nReady } from './i18n/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startMeRequest } from './features/auth/api/early-me';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Every page asks who is signed in (the sign-in page to send a signed-in visitor on); the answer
// travels while the texts download.
startMeRequest();

// The first render waits for the shown language's texts (one small download), never for the others.
// As a transition it renders in slices, between which a phone's browser can paint and take input,
// instead of one task that held its main thread for a good part of a second.
void i18nReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
