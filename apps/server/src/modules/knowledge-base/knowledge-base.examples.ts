import type { KbArticle, KbCategory } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const setup: KbCategory = {
  id: 2,
  name: 'Receiver setup',
  description: 'Entering a CCcam or NewCamd line on common receivers',
  sort_order: 1,
  article_count: 4,
};

const billing: KbCategory = {
  id: 5,
  name: 'Credits and billing',
  description: 'Buying credits, renewals and refunds',
  sort_order: 2,
  article_count: 2,
};

const article: KbArticle = {
  id: 17,
  title: 'Adding a CCcam line on an Enigma2 receiver',
  body: [
    '1. Open **Menu → Softcam setup** and pick the CCcam client.',
    '2. Enter the line exactly as you received it:',
    '',
    '```',
    'C: tv.example.com 12000 shop-1042 k7Qp2mZx',
    '```',
    '',
    '3. Restart the softcam. The line shows as *connected* within a minute.',
  ].join('\n'),
  category_id: setup.id,
  category_name: setup.name,
  sort_order: 0,
  published: true,
  created_at: '2026-11-02T14:20:11.904Z',
  updated_at: '2026-11-22T09:14:03.512Z',
};

const draft: KbArticle = {
  id: 21,
  title: 'Why a renewal costs more credits than a new line',
  body: 'Renewals are charged per month from the current expiry date. See **Pricing** for the table.',
  category_id: billing.id,
  category_name: billing.name,
  sort_order: 2,
  published: false,
  created_at: '2026-11-22T10:31:47.215Z',
  updated_at: '2026-11-22T10:31:47.215Z',
};

export const knowledgeBaseExamples: RouteExamples = {
  'GET /api/kb/categories': { response: [setup, billing] },
  'POST /api/kb/categories': {
    body: { name: billing.name, description: billing.description },
    response: { ...billing, article_count: 0 },
    errors: ['ADMIN_ONLY', 'KB_CATEGORY_NAME_TAKEN'],
  },
  'PATCH /api/kb/categories/:id': {
    params: { id: billing.id },
    body: { name: 'Credits and payments', sort_order: 0 },
    response: { ...billing, name: 'Credits and payments', sort_order: 0 },
    errors: ['ADMIN_ONLY', 'KB_CATEGORY_NOT_FOUND', 'KB_CATEGORY_NAME_TAKEN'],
  },
  'DELETE /api/kb/categories/:id': {
    noContent: true,
    params: { id: billing.id },
    errors: ['ADMIN_ONLY', 'KB_CATEGORY_NOT_FOUND', 'KB_CATEGORY_HAS_ARTICLES'],
  },
  'GET /api/kb/articles': {
    query: { search: 'enigma2', category_id: setup.id },
    response: { items: [article], total: 1 },
  },
  'PUT /api/kb/articles/order': {
    noContent: true,
    body: { ids: [17, 12, 9, 14] },
    errors: ['ADMIN_ONLY', 'KB_ARTICLE_NOT_FOUND'],
  },
  'GET /api/kb/articles/:id': {
    params: { id: article.id },
    response: article,
    // Drafts answer this to non-admins as well.
    errors: ['KB_ARTICLE_NOT_FOUND'],
  },
  'POST /api/kb/articles': {
    body: { title: draft.title, body: draft.body, category_id: billing.id, published: false },
    response: draft,
    errors: ['ADMIN_ONLY', 'KB_CATEGORY_NOT_FOUND'],
  },
  'PATCH /api/kb/articles/:id': {
    params: { id: draft.id },
    body: { published: true },
    response: { ...draft, published: true, updated_at: '2026-11-22T11:05:09.377Z' },
    errors: ['ADMIN_ONLY', 'KB_ARTICLE_NOT_FOUND', 'KB_CATEGORY_NOT_FOUND'],
  },
  'DELETE /api/kb/articles/:id': {
    noContent: true,
    params: { id: draft.id },
    errors: ['ADMIN_ONLY', 'KB_ARTICLE_NOT_FOUND'],
  },
};
