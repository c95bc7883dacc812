import { languageForCountry, localeContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { setMyLanguage } from './account-language.service.js';

/** Country headers that common proxies and CDNs add; the first present one wins. */
const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'x-country-code',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
];

export function registerLocaleRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, localeContracts.country, ({ request }) => {
    const header = COUNTRY_HEADERS.map((h) => request.headers[h]).find((v) => typeof v === 'string' && v);
    const country = typeof header === 'string' && /^[A-Za-z]{2}$/.test(header) ? header.toLowerCase() : null;
    return { country, language: languageForCountry(country) };
  });
  route(app, ctx, localeContracts.setMyLanguage, ({ actor, body }) => setMyLanguage(ctx, actor, body));
}
