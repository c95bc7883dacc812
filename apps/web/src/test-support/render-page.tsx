// Draws a component of the web app in the component tests (vitest project `component`, happy-dom)
// with what the app gives it: the English texts, a router, a fresh query cache, the snackbar. The
// server is a table of answers by "METHOD /path": what a test does not answer is a 404, as from a
// server without that route, and every request is recorded for the test to read.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { loadTranslation } from '../i18n/resources';

export type Answer = { status?: number; body?: unknown };
export type Answers = Record<string, Answer | ((body: unknown) => Answer)>;
export type SentRequest = { method: string; path: string; body: unknown };

let english: Promise<I18n> | null = null;

/** One i18next instance with every English text, as the app has once all its parts loaded. */
function englishTexts(): Promise<I18n> {
  english ??= (async () => {
    const instance = createInstance();
    await instance.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { translation: await loadTranslation('en') } },
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return instance;
  })();
  return english;
}

/** Answers the app's fetch calls from `answers`; returns the requests made. */
export function answerRequests(answers: Answers): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://panel.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    sent.push({ method, path: url.pathname + url.search, body });
    const found = answers[`${method} ${url.pathname}`];
    const answer = typeof found === 'function' ? found(body) : found;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload = answer ? answer.body : { error: { code: 'NOT_FOUND', message: 'Not found' } };
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

export async function renderPage(ui: ReactNode, options: { answers?: Answers } = {}) {
  const sent = answerRequests(options.answers ?? {});
  const i18n = await englishTexts();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view: RenderResult = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SnackbarProvider>{ui}</SnackbarProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, sent, queryClient };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
