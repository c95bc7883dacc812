import { knowledgeBaseContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
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

export function registerKnowledgeBaseRoutes(app: App, ctx: AppContext): void {
  const c = knowledgeBaseContracts;
  route(app, ctx, c.listCategories, ({ actor }) => listCategories(ctx, actor));
  route(app, ctx, c.createCategory, ({ body }) => createCategory(ctx, body));
  route(app, ctx, c.updateCategory, ({ params, body }) => updateCategory(ctx, params.id, body));
  route(app, ctx, c.deleteCategory, ({ params }) => deleteCategory(ctx, params.id));
  route(app, ctx, c.listArticles, ({ actor, query }) => listArticles(ctx, actor, query));
  route(app, ctx, c.reorderArticles, ({ body }) => reorderArticles(ctx, body));
  route(app, ctx, c.getArticle, ({ actor, params }) => getArticle(ctx, actor, params.id));
  route(app, ctx, c.createArticle, ({ actor, body }) => createArticle(ctx, actor, body));
  route(app, ctx, c.updateArticle, ({ params, body }) => updateArticle(ctx, params.id, body));
  route(app, ctx, c.deleteArticle, ({ params }) => deleteArticle(ctx, params.id));
}
