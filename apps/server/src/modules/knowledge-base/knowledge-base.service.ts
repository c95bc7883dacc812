import type {
  KbArticle,
  KbArticleBody,
  KbArticleList,
  KbArticleListQuery,
  KbArticleOrder,
  KbArticlePatch,
  KbCategory,
  KbCategoryBody,
  KbCategoryPatch,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import {
  knowledgeBaseRepository as repo,
  type KbArticleRow,
  type KbCategoryRow,
} from './knowledge-base.repository.js';

function toCategory(row: KbCategoryRow): KbCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sort_order: row.sortOrder,
    article_count: row.articleCount,
  };
}

function toArticle(row: KbArticleRow): KbArticle {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    category_id: row.categoryId,
    category_name: row.categoryName,
    sort_order: row.sortOrder,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Published articles concern everyone; drafts only admins. A change that publishes or unpublishes
 * goes to everyone so their lists drop or gain it.
 */
async function publish(
  ctx: AppContext,
  action: 'insert' | 'update' | 'delete',
  id: number | string,
  visibleToAll: boolean,
) {
  await ctx.bus.publish({
    table: 'kb_articles',
    action,
    id: String(id),
    audience: visibleToAll ? 'all' : [],
  });
}

async function assertCategoryNameFree(ctx: AppContext, name: string, exceptId?: number) {
  const existing = await repo.findCategoryByName(ctx.db, name);
  if (existing && existing.id !== exceptId) throw new AppError('KB_CATEGORY_NAME_TAKEN');
}

async function findCategoryRow(ctx: AppContext, id: number): Promise<KbCategoryRow> {
  const row = (await repo.listCategories(ctx.db, false)).find((c) => c.id === id);
  if (!row) throw new AppError('KB_CATEGORY_NOT_FOUND');
  return row;
}

export async function listCategories(ctx: AppContext, actor: Actor | null): Promise<KbCategory[]> {
  const signedIn = access.signedIn(actor);
  return (await repo.listCategories(ctx.db, !signedIn.isAdmin)).map(toCategory);
}

export async function createCategory(
  ctx: AppContext,
  actor: Actor | null,
  body: KbCategoryBody,
): Promise<KbCategory> {
  access.admin(actor);
  await assertCategoryNameFree(ctx, body.name);
  const id = await repo.insertCategory(ctx.db, {
    name: body.name,
    description: body.description ?? null,
    sortOrder: body.sort_order ?? (await repo.nextCategoryOrder(ctx.db)),
  });
  await publish(ctx, 'insert', `category-${id}`, true);
  return toCategory(await findCategoryRow(ctx, id));
}

export async function updateCategory(
  ctx: AppContext,
  actor: Actor | null,
  id: number,
  patch: KbCategoryPatch,
): Promise<KbCategory> {
  access.admin(actor);
  if (!(await repo.findCategory(ctx.db, id))) throw new AppError('KB_CATEGORY_NOT_FOUND');
  if (patch.name !== undefined) await assertCategoryNameFree(ctx, patch.name, id);
  await repo.updateCategory(ctx.db, id, {
    name: patch.name,
    description: patch.description,
    sortOrder: patch.sort_order,
  });
  await publish(ctx, 'update', `category-${id}`, true);
  return toCategory(await findCategoryRow(ctx, id));
}

export async function deleteCategory(ctx: AppContext, actor: Actor | null, id: number): Promise<void> {
  access.admin(actor);
  const outcome = await repo.deleteCategoryIfEmpty(ctx.db, id);
  if (outcome === 'missing') throw new AppError('KB_CATEGORY_NOT_FOUND');
  if (outcome === 'has_articles') throw new AppError('KB_CATEGORY_HAS_ARTICLES');
  await publish(ctx, 'delete', `category-${id}`, true);
}

export async function listArticles(
  ctx: AppContext,
  actor: Actor | null,
  query: KbArticleListQuery,
): Promise<KbArticleList> {
  const signedIn = access.signedIn(actor);
  const rows = await repo.listArticles(ctx.db, {
    publishedOnly: !signedIn.isAdmin,
    search: query.search || undefined,
    categoryId: query.category_id,
  });
  return { items: rows.map(toArticle), total: rows.length };
}

export async function getArticle(ctx: AppContext, actor: Actor | null, id: number): Promise<KbArticle> {
  const signedIn = access.signedIn(actor);
  const row = await repo.findArticle(ctx.db, id);
  // A draft does not exist for non-admins.
  if (!row || (!row.published && !signedIn.isAdmin)) throw new AppError('KB_ARTICLE_NOT_FOUND');
  return toArticle(row);
}

export async function createArticle(
  ctx: AppContext,
  actor: Actor | null,
  body: KbArticleBody,
): Promise<KbArticle> {
  const admin = access.admin(actor);
  if (!(await repo.findCategory(ctx.db, body.category_id))) throw new AppError('KB_CATEGORY_NOT_FOUND');
  // Markdown is stored exactly as written; the client renders it without raw HTML.
  const id = await repo.insertArticle(ctx.db, {
    title: body.title,
    body: body.body,
    categoryId: body.category_id,
    sortOrder: body.sort_order ?? (await repo.nextArticleOrder(ctx.db, body.category_id)),
    published: body.published,
    createdBy: admin.id,
  });
  await publish(ctx, 'insert', id, body.published);
  return toArticle((await repo.findArticle(ctx.db, id))!);
}

export async function updateArticle(
  ctx: AppContext,
  actor: Actor | null,
  id: number,
  patch: KbArticlePatch,
): Promise<KbArticle> {
  access.admin(actor);
  const existing = await repo.findArticle(ctx.db, id);
  if (!existing) throw new AppError('KB_ARTICLE_NOT_FOUND');
  if (patch.category_id !== undefined && !(await repo.findCategory(ctx.db, patch.category_id))) {
    throw new AppError('KB_CATEGORY_NOT_FOUND');
  }
  await repo.updateArticle(ctx.db, id, {
    title: patch.title,
    body: patch.body,
    categoryId: patch.category_id,
    sortOrder: patch.sort_order,
    published: patch.published,
  });
  const updated = (await repo.findArticle(ctx.db, id))!;
  await publish(ctx, 'update', id, existing.published || updated.published);
  return toArticle(updated);
}

export async function deleteArticle(ctx: AppContext, actor: Actor | null, id: number): Promise<void> {
  access.admin(actor);
  const existing = await repo.findArticle(ctx.db, id);
  if (!existing || !(await repo.deleteArticle(ctx.db, id))) throw new AppError('KB_ARTICLE_NOT_FOUND');
  await publish(ctx, 'delete', id, existing.published);
}

export async function reorderArticles(
  ctx: AppContext,
  actor: Actor | null,
  body: KbArticleOrder,
): Promise<void> {
  access.admin(actor);
  const ids = [...new Set(body.ids)];
  const existing = new Set(await repo.existingArticleIds(ctx.db, ids));
  if (ids.some((id) => !existing.has(id))) throw new AppError('KB_ARTICLE_NOT_FOUND');
  await repo.reorderArticles(ctx.db, ids);
  await publish(ctx, 'update', 'order', true);
}
