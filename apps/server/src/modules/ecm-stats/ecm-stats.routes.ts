import { ecmStatsContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import {
  getEcmSettings,
  getEcmSummary,
  getLineEcmStats,
  getServerEcmStats,
  updateEcmSettings,
} from './ecm-stats.service.js';
import { sendWinBack } from './win-back.service.js';

export function registerEcmStatsRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, ecmStatsContracts.line, ({ actor, params, query }) =>
    getLineEcmStats(ctx, actor, params.id, query.range),
  );
  route(app, ctx, ecmStatsContracts.server, ({ actor, params, query }) =>
    getServerEcmStats(ctx, actor, params.id, query.range),
  );
  route(app, ctx, ecmStatsContracts.summary, ({ actor }) => getEcmSummary(ctx, actor));
  route(app, ctx, ecmStatsContracts.getSettings, ({ actor }) => getEcmSettings(ctx, actor));
  route(app, ctx, ecmStatsContracts.updateSettings, ({ actor, body }) => updateEcmSettings(ctx, actor, body));
  route(app, ctx, ecmStatsContracts.winBack, ({ actor, params }) => sendWinBack(ctx, actor, params.id));
}
