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
  idParamsSchema,
} from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import {
  createArticle,
  createCategory,
  deleteArticle,
  deleteCategory,
  getArticle,
  listArticles,
  listCategories,
  reorderArticles,
  updateArticle,
  updateCategory,
} from './knowledge-base.service.js';

const idParams = idParamsSchema;
const tags = ['knowledge base'];

export function registerKnowledgeBaseRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/kb/categories',
    {
      schema: {
        tags,
        summary: 'Categories in order, with the number of articles the caller can see',
        response: { 200: z.array(kbCategorySchema) },
      },
    },
    async (request, reply) => listCategories(ctx, await getActor(ctx, request, reply)),
  );
  app.post(
    '/api/kb/categories',
    {
      schema: {
        tags,
        summary: 'Add a category (admin)',
        body: kbCategoryBodySchema,
        response: { 201: kbCategorySchema },
      },
    },
    async (request, reply) => {
      const category = await createCategory(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(category);
    },
  );
  app.patch(
    '/api/kb/categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename, describe or move a category (admin)',
        params: idParams,
        body: kbCategoryPatchSchema,
        response: { 200: kbCategorySchema },
      },
    },
    async (request, reply) =>
      updateCategory(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/kb/categories/:id',
    { schema: { tags, summary: 'Delete an empty category (admin)', params: idParams } },
    async (request, reply) => {
      await deleteCategory(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/kb/articles',
    {
      schema: {
        tags,
        summary: 'Articles in order, searchable by title and text (non-admins: published only)',
        querystring: kbArticleListQuerySchema,
        response: { 200: kbArticleListSchema },
      },
    },
    async (request, reply) => listArticles(ctx, await getActor(ctx, request, reply), request.query),
  );
  app.put(
    '/api/kb/articles/order',
    { schema: { tags, summary: 'Set the order of articles (admin)', body: kbArticleOrderSchema } },
    async (request, reply) => {
      await reorderArticles(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/kb/articles/:id',
    {
      schema: {
        tags,
        summary: 'One article (drafts: admins only)',
        params: idParams,
        response: { 200: kbArticleSchema },
      },
    },
    async (request, reply) => getArticle(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.post(
    '/api/kb/articles',
    {
      schema: {
        tags,
        summary: 'Write an article in Markdown (admin)',
        body: kbArticleBodySchema,
        response: { 201: kbArticleSchema },
      },
    },
    async (request, reply) => {
      const article = await createArticle(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(article);
    },
  );
  app.patch(
    '/api/kb/articles/:id',
    {
      schema: {
        tags,
        summary: 'Edit, move, publish or unpublish an article (admin)',
        params: idParams,
        body: kbArticlePatchSchema,
        response: { 200: kbArticleSchema },
      },
    },
    async (request, reply) =>
      updateArticle(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/kb/articles/:id',
    { schema: { tags, summary: 'Delete an article (admin)', params: idParams } },
    async (request, reply) => {
      await deleteArticle(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
}
