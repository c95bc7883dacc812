import type {
  KbArticle,
  KbArticleInput,
  KbArticleList,
  KbArticlePatch,
  KbCategory,
  KbCategoryBody,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

/** Under ['kb'], the key a `kb_articles` live event refreshes. */
export const kbKeys = {
  all: ['kb'] as const,
  categories: ['kb', 'categories'] as const,
  articles: (search: string) => ['kb', 'articles', { search }] as const,
  article: (id: number) => ['kb', 'article', id] as const,
};

export const knowledgeBaseApi = {
  categories: (signal?: AbortSignal) => apiClient.get<KbCategory[]>('/api/kb/categories', { signal }),
  createCategory: (body: KbCategoryBody) => apiClient.post<KbCategory>('/api/kb/categories', body),
  removeCategory: (id: number) => apiClient.delete(`/api/kb/categories/${id}`),
  articles: (search: string, signal?: AbortSignal) =>
    apiClient.get<KbArticleList>(
      search ? `/api/kb/articles?${new URLSearchParams({ search }).toString()}` : '/api/kb/articles',
      { signal },
    ),
  article: (id: number, signal?: AbortSignal) =>
    apiClient.get<KbArticle>(`/api/kb/articles/${id}`, { signal }),
  createArticle: (body: KbArticleInput) => apiClient.post<KbArticle>('/api/kb/articles', body),
  updateArticle: (id: number, body: KbArticlePatch) =>
    apiClient.patch<KbArticle>(`/api/kb/articles/${id}`, body),
  removeArticle: (id: number) => apiClient.delete(`/api/kb/articles/${id}`),
  reorderArticles: (ids: number[]) => apiClient.put<unknown>('/api/kb/articles/order', { ids }),
};
