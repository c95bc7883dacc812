import './portal.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { portalApi } from './api/portal-api';
import { PortalTextsProvider } from './components/portal-texts-provider';
import type { MeState } from './lib/portal-context';
import { DEFAULT_LANGUAGE, firstLanguage, loadPortalTexts } from './lib/portal-texts';
import { PortalApp } from './portal-app';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from portal.html');

// The panel's language rules: a stored choice, then the browser's language; with neither, English
// first and the address's country asked meanwhile (`PortalTextsProvider`).
const detected = firstLanguage();
const language = detected ?? DEFAULT_LANGUAGE;

// Who is signed in and the shown language's texts travel together; the first render waits for both,
// so it draws the page the customer will see rather than a loading screen (the texts' chunk is
// already downloading beside this one: the server preloads it).
const me: Promise<MeState> = portalApi.me().then(
  (line) => ({ status: 'ready', me: line }),
  (error: unknown) => ({ status: 'error', error }),
);
// A failed download of the texts still shows the page (with its keys) rather than nothing.
const texts = loadPortalTexts(language).catch(() => ({}));

void Promise.all([me, texts]).then(([firstMe, firstTexts]) => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <PortalTextsProvider language={language} texts={firstTexts} askCountry={detected === null}>
          <PortalApp firstMe={firstMe} />
        </PortalTextsProvider>
      </StrictMode>,
    ),
  );
});
