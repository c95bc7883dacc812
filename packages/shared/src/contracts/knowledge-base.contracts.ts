import { z } from 'zod';
import { defineContract } from '../contract.js';
import {
  kbArticleBodySchema,
  kbArticleListQuerySchema,
  kbArticleListSchema,
  kbArticleOrderSchema,
  kbArticlePatchSchema,
  kbArticleSchema,
  kbCategoryBodySchema,
  kbCategoryPatchSchema,
  kbCategorySchema,
} from '../knowledge-base.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['knowledge base'];

export const listCategories = defineContract({
  method: 'GET',
  path: '/api/kb/categories',
  access: 'signedIn',
  tags,
  summary: 'Categories in order, with the number of articles the caller can see',
  response: z.array(kbCategorySchema),
});

export const createCategory = defineContract({
  method: 'POST',
  path: '/api/kb/categories',
  access: 'admin',
  tags,
  summary: 'Add a category (admin)',
  body: kbCategoryBodySchema,
  status: 201,
  response: kbCategorySchema,
  errors: ['KB_CATEGORY_NAME_TAKEN'],
});

export const updateCategory = defineContract({
  method: 'PATCH',
  path: '/api/kb/categories/:id',
  access: 'admin',
  tags,
  summary: 'Rename, describe or move a category (admin)',
  params: idParamsSchema,
  body: kbCategoryPatchSchema,
  response: kbCategorySchema,
  errors: ['KB_CATEGORY_NOT_FOUND', 'KB_CATEGORY_NAME_TAKEN'],
});

export const deleteCategory = defineContract({
  method: 'DELETE',
  path: '/api/kb/categories/:id',
  access: 'admin',
  tags,
  summary: 'Delete an empty category (admin)',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['KB_CATEGORY_NOT_FOUND', 'KB_CATEGORY_HAS_ARTICLES'],
});

export const listArticles = defineContract({
  method: 'GET',
  path: '/api/kb/articles',
  access: 'signedIn',
  tags,
  summary: 'Articles in order, searchable by title and text (non-admins: published only)',
  query: kbArticleListQuerySchema,
  response: kbArticleListSchema,
});

export const reorderArticles = defineContract({
  method: 'PUT',
  path: '/api/kb/articles/order',
  access: 'admin',
  tags,
  summary: 'Set the order of articles (admin)',
  body: kbArticleOrderSchema,
  status: 204,
  response: null,
  errors: ['KB_ARTICLE_NOT_FOUND'],
});

export const getArticle = defineContract({
  method: 'GET',
  path: '/api/kb/articles/:id',
  access: 'signedIn',
  tags,
  summary: 'One article (drafts: admins only)',
  params: idParamsSchema,
  response: kbArticleSchema,
  errors: ['KB_ARTICLE_NOT_FOUND'],
});

export const createArticle = defineContract({
  method: 'POST',
  path: '/api/kb/articles',
  access: 'admin',
  tags,
  summary: 'Write an article in Markdown (admin)',
  body: kbArticleBodySchema,
  status: 201,
  response: kbArticleSchema,
  errors: ['KB_CATEGORY_NOT_FOUND'],
});

export const updateArticle = defineContract({
  method: 'PATCH',
  path: '/api/kb/articles/:id',
  access: 'admin',
  tags,
  summary: 'Edit, move, publish or unpublish an article (admin)',
  params: idParamsSchema,
  body: kbArticlePatchSchema,
  response: kbArticleSchema,
  errors: ['KB_ARTICLE_NOT_FOUND', 'KB_CATEGORY_NOT_FOUND'],
});

export const deleteArticle = defineContract({
  method: 'DELETE',
  path: '/api/kb/articles/:id',
  access: 'admin',
  tags,
  summary: 'Delete an article (admin)',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['KB_ARTICLE_NOT_FOUND'],
});
