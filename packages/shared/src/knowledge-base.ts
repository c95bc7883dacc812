import { z } from 'zod';
import { idQuerySchema, idSchema, int4Schema, nonEmptyPatch, text } from './schema-blocks.js';

/**
 * Knowledge base: articles in Markdown, in ordered categories. Rendered on the client without raw HTML.
 *
 * - GET /api/kb/categories → KbCategory[] (signed in)
 * - POST /api/kb/categories, PATCH/DELETE /api/kb/categories/:id (admin; delete refuses a non-empty one)
 * - GET /api/kb/articles ?search,category_id → KbArticleList (non-admins: published only)
 * - GET /api/kb/articles/:id → KbArticle (unpublished: 404 for non-admins)
 * - POST /api/kb/articles, PATCH/DELETE /api/kb/articles/:id (admin)
 * - PUT /api/kb/articles/order KbArticleOrder (admin) → 204
 * Live: SSE event `kb_articles` for article and category changes.
 */
export const KB_TITLE_MAX = 200;
export const KB_BODY_MAX = 100_000;

export const kbCategorySchema = z.object({
  id: z.number().int(),
  name: text(),
  description: text().nullable(),
  sort_order: z.number().int(),
  /** Articles the caller can see (published only for non-admins). */
  article_count: z.number().int(),
});
export type KbCategory = z.infer<typeof kbCategorySchema>;

export const kbCategoryBodySchema = z.object({
  name: text().trim().min(1).max(100),
  description: text().trim().max(500).nullable().optional(),
  sort_order: int4Schema.optional(),
});
export type KbCategoryBody = z.infer<typeof kbCategoryBodySchema>;

export const kbCategoryPatchSchema = nonEmptyPatch(kbCategoryBodySchema.partial());
export type KbCategoryPatch = z.infer<typeof kbCategoryPatchSchema>;

export const kbArticleSchema = z.object({
  id: z.number().int(),
  title: text(),
  /** Markdown text. */
  body: text(),
  category_id: z.number().int(),
  category_name: text(),
  sort_order: z.number().int(),
  published: z.boolean(),
  created_at: text(),
  updated_at: text(),
});
export type KbArticle = z.infer<typeof kbArticleSchema>;

/** Not paged: ordered by category order, then article sort_order. */
export const kbArticleListQuerySchema = z.object({
  search: text().trim().max(200).optional(),
  category_id: idQuerySchema.optional(),
});
export type KbArticleListQuery = z.infer<typeof kbArticleListQuerySchema>;

export const kbArticleListSchema = z.object({ items: z.array(kbArticleSchema), total: z.number().int() });
export type KbArticleList = z.infer<typeof kbArticleListSchema>;

export const kbArticleBodySchema = z.object({
  title: text().trim().min(1).max(KB_TITLE_MAX),
  body: text().max(KB_BODY_MAX),
  category_id: idSchema,
  /** Defaults to after the category's last article. */
  sort_order: int4Schema.optional(),
  published: z.boolean().default(false),
});
export type KbArticleBody = z.infer<typeof kbArticleBodySchema>;
export type KbArticleInput = z.input<typeof kbArticleBodySchema>;

export const kbArticlePatchSchema = nonEmptyPatch(
  z.object({
    title: text().trim().min(1).max(KB_TITLE_MAX).optional(),
    body: text().max(KB_BODY_MAX).optional(),
    category_id: idSchema.optional(),
    sort_order: int4Schema.optional(),
    published: z.boolean().optional(),
  }),
);
export type KbArticlePatch = z.infer<typeof kbArticlePatchSchema>;

/** `PUT /api/kb/articles/order`: the listed articles get sort_order 0, 1, 2 ... in this order. */
export const kbArticleOrderSchema = z.object({ ids: z.array(idSchema).min(1).max(1000) });
export type KbArticleOrder = z.infer<typeof kbArticleOrderSchema>;
