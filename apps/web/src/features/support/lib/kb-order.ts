import type { KbArticle, KbCategory } from '@linedesk/shared';

export type KbSection = { category: Pick<KbCategory, 'id' | 'name' | 'description'>; articles: KbArticle[] };

/**
 * Articles under their categories, both in their sort order. Categories without (matching) articles
 * are left out unless `includeEmpty` (admins need to see them to fill or delete them); an article
 * whose category is not in the list still shows under its own name.
 */
export function groupArticles(
  categories: KbCategory[],
  articles: KbArticle[],
  includeEmpty = false,
): KbSection[] {
  const byCategory = new Map<number, KbArticle[]>();
  for (const article of articles) {
    const list = byCategory.get(article.category_id) ?? [];
    list.push(article);
    byCategory.set(article.category_id, list);
  }
  const ordered = [...categories].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  const sections: KbSection[] = [];
  for (const category of ordered) {
    const list = byCategory.get(category.id);
    if (list || includeEmpty) sections.push({ category, articles: sortArticles(list ?? []) });
    byCategory.delete(category.id);
  }
  for (const [id, list] of byCategory) {
    sections.push({
      category: { id, name: list[0]?.category_name ?? '', description: null },
      articles: sortArticles(list),
    });
  }
  return sections;
}

function sortArticles(articles: KbArticle[]): KbArticle[] {
  return [...articles].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
}

/** The ids of `articles` with `id` moved one place up (-1) or down (+1); null when it cannot move. */
export function moveArticle(articles: KbArticle[], id: number, direction: -1 | 1): number[] | null {
  const ids = articles.map((article) => article.id);
  const from = ids.indexOf(id);
  const to = from + direction;
  if (from === -1 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
  return ids;
}
