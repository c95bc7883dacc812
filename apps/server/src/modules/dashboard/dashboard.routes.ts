import { dashboardContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getRevenue } from './dashboard-revenue.service.js';
import { getDashboardTodo } from './dashboard-todo.service.js';
import { getDashboard } from './dashboard.service.js';

export function registerDashboardRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, dashboardContracts.get, ({ actor, query }) => getDashboard(ctx, actor, query));
  route(app, ctx, dashboardContracts.todo, ({ actor }) => getDashboardTodo(ctx, actor));
  route(app, ctx, dashboardContracts.revenue, ({ actor }) => getRevenue(ctx, actor));
}
