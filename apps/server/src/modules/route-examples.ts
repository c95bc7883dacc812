import type { RouteExamples } from '../platform/openapi-examples.js';
import { eventExamples } from '../realtime/events.examples.js';
import { agentInstallExamples } from './agent-install/agent-install.examples.js';
import { activationCodeExamples } from './activation-codes/activation-codes.examples.js';
import { accountSecurityExamples } from './account-security/account-security.examples.js';
import { accountExamples } from './accounts/accounts.examples.js';
import { apiKeyExamples } from './api-keys/api-keys.examples.js';
import { auditExamples } from './audit/audit.examples.js';
import { authExamples } from './auth/auth.examples.js';
import { resendConfirmationExamples } from './auth/resend-confirmation.examples.js';
import { backupExamples } from './backups/backups.examples.js';
import { contactExamples } from './contact/contact.examples.js';
import { billingExamples } from './billing/billing.examples.js';
import { creditExamples } from './credits/credits.examples.js';
import { dashboardExamples } from './dashboard/dashboard.examples.js';
import { reportExamples } from './reports/reports.examples.js';
import { groupExamples } from './groups/groups.examples.js';
import { healthExamples } from './health/health.examples.js';
import { knowledgeBaseExamples } from './knowledge-base/knowledge-base.examples.js';
import { lineAdoptionExamples } from './line-adoption/line-adoption.examples.js';
import { lineBulkExamples } from './line-bulk/line-bulk.examples.js';
import { lineImportExamples } from './line-import/line-import.examples.js';
import { lineConnectionExamples } from './line-connections/line-connections.examples.js';
import { lineLockExamples } from './line-connections/line-locks.examples.js';
import { ecmStatsExamples } from './ecm-stats/ecm-stats.examples.js';
import { serverLoadExamples } from './server-load/server-load.examples.js';
import { outageExamples } from './outages/outages.examples.js';
import { linePlanExamples } from './line-plans/line-plans.examples.js';
import { lineExamples } from './lines/lines.examples.js';
import { lineFreezeExamples } from './lines/line-freeze.examples.js';
import { localeExamples } from './locale/locale.examples.js';
import { metricsExamples } from './metrics/metrics.examples.js';
import { messageExamples } from './messages/messages.examples.js';
import { notificationExamples } from './notifications/notifications.examples.js';
import { paymentMethodExamples } from './payments/payment-methods.examples.js';
import { portalExamples } from './portal/portal.examples.js';
import { paymentWebhookExamples } from './payments/payment-webhooks.examples.js';
import { pricingExamples } from './pricing/pricing.examples.js';
import { redeemExamples } from './redeem/redeem.examples.js';
import { reminderExamples } from './reminders/reminders.examples.js';
import { resellerTermsExamples } from './reseller-terms/reseller-terms.examples.js';
import { staffExamples } from './staff/staff.examples.js';
import { telegramExamples } from './telegram/telegram.examples.js';
import { serverExamples } from './servers/servers.examples.js';
import { setupGuideExamples } from './setup-guide/setup-guide.examples.js';
import { systemStatusExamples } from './system-status/system-status.examples.js';
import { ticketExamples } from './tickets/tickets.examples.js';
import { topUpExamples } from './topups/topups.examples.js';

/** Every module's examples for /api/docs (see platform/openapi-examples.ts). */
export const routeExamples: RouteExamples = {
  ...accountExamples,
  ...accountSecurityExamples,
  ...activationCodeExamples,
  ...agentInstallExamples,
  ...apiKeyExamples,
  ...auditExamples,
  ...authExamples,
  ...resendConfirmationExamples,
  ...backupExamples,
  ...contactExamples,
  ...billingExamples,
  ...creditExamples,
  ...dashboardExamples,
  ...reportExamples,
  ...eventExamples,
  ...groupExamples,
  ...healthExamples,
  ...knowledgeBaseExamples,
  ...lineExamples,
  ...lineFreezeExamples,
  ...lineAdoptionExamples,
  ...lineBulkExamples,
  ...lineImportExamples,
  ...lineConnectionExamples,
  ...lineLockExamples,
  ...ecmStatsExamples,
  ...serverLoadExamples,
  ...outageExamples,
  ...linePlanExamples,
  ...localeExamples,
  ...messageExamples,
  ...metricsExamples,
  ...notificationExamples,
  ...portalExamples,
  ...pricingExamples,
  ...paymentMethodExamples,
  ...paymentWebhookExamples,
  ...redeemExamples,
  ...reminderExamples,
  ...resellerTermsExamples,
  ...staffExamples,
  ...telegramExamples,
  ...serverExamples,
  ...setupGuideExamples,
  ...systemStatusExamples,
  ...ticketExamples,
  ...topUpExamples,
};
