import type { KbArticle, KbCategory } from '@linedesk/shared';
import type { KbArticleRow, KbCategoryRow } from './knowledge-base.repository.js';

export function toCategory(row: KbCategoryRow): KbCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sort_order: row.sortOrder,
    article_count: row.articleCount,
  };
}

export function toArticle(row: KbArticleRow): KbArticle {
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
