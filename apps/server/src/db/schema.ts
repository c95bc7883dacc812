import * as activation from './schema/activation-codes.schema.js';
import * as apiKeys from './schema/api-keys.schema.js';
import * as audit from './schema/audit.schema.js';
import * as core from './schema/core.schema.js';
import * as credits from './schema/credits.schema.js';
import * as dashboard from './schema/dashboard.schema.js';
import * as lineBulk from './schema/line-bulk.schema.js';
import * as lineImport from './schema/line-import.schema.js';
import * as lineConnections from './schema/line-connections.schema.js';
import * as lineLocks from './schema/line-locks.schema.js';
import * as ecmStats from './schema/ecm-stats.schema.js';
import * as lines from './schema/lines.schema.js';
import * as messages from './schema/messages.schema.js';
import * as notifications from './schema/notifications.schema.js';
import * as outages from './schema/outages.schema.js';
import * as payments from './schema/payments.schema.js';
import * as portal from './schema/portal.schema.js';
import * as reminders from './schema/reminders.schema.js';
import * as resellerTerms from './schema/reseller-terms.schema.js';
import * as serverLoad from './schema/server-load.schema.js';
import * as settings from './schema/settings.schema.js';
import * as setupGuide from './schema/setup-guide.schema.js';
import * as support from './schema/support.schema.js';
import * as telegram from './schema/telegram.schema.js';

/**
 * The whole database, one file per area (each area's tables live in schema/<area>.schema.ts).
 * drizzle-kit reads this file to generate migrations: `npm run db:generate -w @linedesk/server -- --name x`.
 */
export * from './schema/activation-codes.schema.js';
export * from './schema/api-keys.schema.js';
export * from './schema/audit.schema.js';
export * from './schema/core.schema.js';
export * from './schema/credits.schema.js';
export * from './schema/dashboard.schema.js';
export * from './schema/line-bulk.schema.js';
export * from './schema/line-import.schema.js';
export * from './schema/line-connections.schema.js';
export * from './schema/line-locks.schema.js';
export * from './schema/ecm-stats.schema.js';
export * from './schema/lines.schema.js';
export * from './schema/messages.schema.js';
export * from './schema/notifications.schema.js';
export * from './schema/outages.schema.js';
export * from './schema/payments.schema.js';
export * from './schema/portal.schema.js';
export * from './schema/reminders.schema.js';
export * from './schema/reseller-terms.schema.js';
export * from './schema/server-load.schema.js';
export * from './schema/settings.schema.js';
export * from './schema/setup-guide.schema.js';
export * from './schema/support.schema.js';
export * from './schema/telegram.schema.js';

export const schema = {
  ...activation,
  ...apiKeys,
  ...audit,
  ...core,
  ...credits,
  ...dashboard,
  ...lineBulk,
  ...lineImport,
  ...lineConnections,
  ...lineLocks,
  ...ecmStats,
  ...lines,
  ...messages,
  ...notifications,
  ...outages,
  ...payments,
  ...portal,
  ...reminders,
  ...resellerTerms,
  ...serverLoad,
  ...settings,
  ...setupGuide,
  ...support,
  ...telegram,
};
