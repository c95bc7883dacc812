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
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { toArticle, toCategory } from './knowledge-base-mapper.js';
import { knowledgeBaseRepository as repo, type KbCategoryRow } from './knowledge-base.repository.js';

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

export async function listCategories(ctx: AppContext, actor: Actor): Promise<KbCategory[]> {
  return (await repo.listCategories(ctx.db, !actor.isAdmin)).map(toCategory);
}

export async function createCategory(ctx: AppContext, body: KbCategoryBody): Promise<KbCategory> {
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
  id: number,
  patch: KbCategoryPatch,
): Promise<KbCategory> {
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

export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  // The category stays locked from the count to the delete, so no article can slip in between.
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockCategory(tx, id))) throw new AppError('KB_CATEGORY_NOT_FOUND');
    if ((await repo.countArticlesIn(tx, id)) > 0) throw new AppError('KB_CATEGORY_HAS_ARTICLES');
    await repo.deleteCategory(tx, id);
  });
  await publish(ctx, 'delete', `category-${id}`, true);
}

export async function listArticles(
  ctx: AppContext,
  actor: Actor,
  query: KbArticleListQuery,
): Promise<KbArticleList> {
  const rows = await repo.listArticles(ctx.db, {
    publishedOnly: !actor.isAdmin,
    search: query.search || undefined,
    categoryId: query.category_id,
  });
  return { items: rows.map(toArticle), total: rows.length };
}

export async function getArticle(ctx: AppContext, actor: Actor, id: number): Promise<KbArticle> {
  const row = await repo.findArticle(ctx.db, id);
  // A draft does not exist for non-admins.
  if (!row || (!row.published && !actor.isAdmin)) throw new AppError('KB_ARTICLE_NOT_FOUND');
  return toArticle(row);
}

export async function createArticle(ctx: AppContext, actor: Actor, body: KbArticleBody): Promise<KbArticle> {
  if (!(await repo.findCategory(ctx.db, body.category_id))) throw new AppError('KB_CATEGORY_NOT_FOUND');
  // Markdown is stored exactly as written; the client renders it without raw HTML.
  const id = await repo.insertArticle(ctx.db, {
    title: body.title,
    body: body.body,
    categoryId: body.category_id,
    sortOrder: body.sort_order ?? (await repo.nextArticleOrder(ctx.db, body.category_id)),
    published: body.published,
    createdBy: actor.id,
  });
  await publish(ctx, 'insert', id, body.published);
  return toArticle((await repo.findArticle(ctx.db, id))!);
}

export async function updateArticle(ctx: AppContext, id: number, patch: KbArticlePatch): Promise<KbArticle> {
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

export async function deleteArticle(ctx: AppContext, id: number): Promise<void> {
  const existing = await repo.findArticle(ctx.db, id);
  if (!existing || !(await repo.deleteArticle(ctx.db, id))) throw new AppError('KB_ARTICLE_NOT_FOUND');
  await publish(ctx, 'delete', id, existing.published);
}

export async function reorderArticles(ctx: AppContext, body: KbArticleOrder): Promise<void> {
  const ids = [...new Set(body.ids)];
  const existing = new Set(await repo.existingArticleIds(ctx.db, ids));
  if (ids.some((id) => !existing.has(id))) throw new AppError('KB_ARTICLE_NOT_FOUND');
  // The listed articles get sort_order 0, 1, 2 ... in the given order, all or none of them.
  await ctx.db.transaction(async (tx) => {
    for (const [index, articleId] of ids.entries()) await repo.setArticleOrder(tx, articleId, index);
  });
  await publish(ctx, 'update', 'order', true);
}
