import type { KbArticle, KbCategory } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { groupArticles, moveArticle } from './kb-order';

const category = (id: number, sort_order: number): KbCategory => ({
  id,
  name: `C${id}`,
  description: null,
  sort_order,
  article_count: 0,
});
const article = (id: number, category_id: number, sort_order: number): KbArticle => ({
  id,
  title: `A${id}`,
  body: '',
  category_id,
  category_name: `C${category_id}`,
  sort_order,
  published: true,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

describe('groupArticles', () => {
  it('orders categories and their articles and leaves out empty categories', () => {
    const sections = groupArticles(
      [category(1, 2), category(2, 1), category(3, 0)],
      [article(10, 1, 1), article(11, 1, 0), article(12, 2, 0)],
    );
    expect(sections.map((s) => [s.category.id, s.articles.map((a) => a.id)])).toEqual([
      [2, [12]],
      [1, [11, 10]],
    ]);
  });

  it('keeps empty categories when asked', () => {
    const sections = groupArticles([category(1, 0), category(2, 1)], [article(10, 2, 0)], true);
    expect(sections.map((s) => [s.category.id, s.articles.length])).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });

  it('keeps articles of a category it does not know', () => {
    expect(groupArticles([], [article(5, 9, 0)])[0]?.category.name).toBe('C9');
  });
});

describe('moveArticle', () => {
  const list = [article(1, 1, 0), article(2, 1, 1), article(3, 1, 2)];
  it('swaps with the neighbour', () => {
    expect(moveArticle(list, 2, -1)).toEqual([2, 1, 3]);
    expect(moveArticle(list, 2, 1)).toEqual([1, 3, 2]);
  });
  it('refuses to move past either end', () => {
    expect(moveArticle(list, 1, -1)).toBeNull();
    expect(moveArticle(list, 3, 1)).toBeNull();
  });
});
