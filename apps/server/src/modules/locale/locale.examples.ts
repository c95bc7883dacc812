import type { RouteExamples } from '../../platform/openapi-examples.js';

// Behind Cloudflare with `cf-ipcountry: DE`; without a country header both are null.
export const localeExamples: RouteExamples = {
  'GET /api/locale/country': { response: { country: 'de', language: 'de' } },
  // The header's language switcher, once a German reader picked German.
  'PUT /api/me/language': { body: { language: 'de' }, response: { language: 'de', changed: true } },
};
