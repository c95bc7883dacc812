import { languageForCountry, languages } from '@linedesk/shared';
import { z } from 'zod';
import type { App } from '../../platform/fastify.js';

/** Country headers that common proxies and CDNs add; the first present one wins. */
const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'x-country-code',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
];

export function registerLocaleRoutes(app: App): void {
  app.get(
    '/api/locale/country',
    {
      schema: {
        tags: ['system'],
        summary: "The caller's country from a proxy header, and the interface language for it",
        response: {
          200: z.object({ country: z.string().nullable(), language: z.enum(languages).nullable() }),
        },
      },
    },
    async (request) => {
      const header = COUNTRY_HEADERS.map((h) => request.headers[h]).find((v) => typeof v === 'string' && v);
      const country =
        typeof header === 'string' && /^[A-Za-z]{2}$/.test(header) ? header.toLowerCase() : null;
      return { country, language: languageForCountry(country) };
    },
  );
}
