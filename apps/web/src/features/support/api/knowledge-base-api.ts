import {
  knowledgeBaseContracts as kb,
  type KbArticleInput,
  type KbArticlePatch,
  type KbCategoryBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Under ['kb'], the key a `kb_articles` live event refreshes. */
export const kbKeys = {
  all: ['kb'] as const,
  categories: ['kb', 'categories'] as const,
  articles: (search: string) => ['kb', 'articles', { search }] as const,
  article: (id: number) => ['kb', 'article', id] as const,
};

export const knowledgeBaseApi = {
  categories: (signal?: AbortSignal) => callApi(kb.listCategories, {}, { signal }),
  createCategory: (body: KbCategoryBody) => callApi(kb.createCategory, { body }),
  removeCategory: (id: number) => callApi(kb.deleteCategory, { params: { id } }),
  articles: (search: string, signal?: AbortSignal) =>
    callApi(kb.listArticles, { query: { search } }, { signal }),
  article: (id: number, signal?: AbortSignal) => callApi(kb.getArticle, { params: { id } }, { signal }),
  createArticle: (body: KbArticleInput) => callApi(kb.createArticle, { body }),
  updateArticle: (id: number, body: KbArticlePatch) => callApi(kb.updateArticle, { params: { id }, body }),
  removeArticle: (id: number) => callApi(kb.deleteArticle, { params: { id } }),
  reorderArticles: (ids: number[]) => callApi(kb.reorderArticles, { body: { ids } }),
};
