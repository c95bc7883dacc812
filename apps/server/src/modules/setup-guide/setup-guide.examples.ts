import type { SetupGuide } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

// A panel with a tested server and contact details, but no credit packages and no reseller yet.
const guide: SetupGuide = {
  steps: [
    { key: 'server', done: true },
    { key: 'credit_packages', done: false },
    { key: 'contact_details', done: true },
    { key: 'reseller', done: false },
    { key: 'sign_up', done: true },
  ],
  complete: false,
  hidden: false,
};

export const setupGuideExamples: RouteExamples = {
  'GET /api/setup-guide': { response: guide },
  'PUT /api/setup-guide': {
    body: { hidden: true },
    response: { ...guide, hidden: true },
  },
};
