/**
 * Every endpoint's contract, one namespace per area. Both sides import an area's namespace from
 * `@linedesk/shared` (`contactContracts.getDetails`); the web's bundler keeps only the ones it calls.
 */
export * as accountContracts from './accounts.contracts.js';
export * as agentInstallContracts from './agent-install.contracts.js';
export * as activationCodeContracts from './activation-codes.contracts.js';
export * as accountSecurityContracts from './account-security.contracts.js';
export * as apiKeyContracts from './api-keys.contracts.js';
export * as auditContracts from './audit.contracts.js';
export * as authContracts from './auth.contracts.js';
export * as backupContracts from './backups.contracts.js';
export * as billingContracts from './billing.contracts.js';
export * as contactContracts from './contact.contracts.js';
export * as creditContracts from './credits.contracts.js';
export * as dashboardContracts from './dashboard.contracts.js';
export * as eventContracts from './events.contracts.js';
export * as groupContracts from './groups.contracts.js';
export * as healthContracts from './health.contracts.js';
export * as knowledgeBaseContracts from './knowledge-base.contracts.js';
export * as lineAdoptionContracts from './line-adoption.contracts.js';
export * as lineBulkContracts from './line-bulk.contracts.js';
export * as lineImportContracts from './line-imports.contracts.js';
export * as lineConnectionContracts from './line-connections.contracts.js';
export * as ecmStatsContracts from './ecm-stats.contracts.js';
export * as lineContracts from './lines.contracts.js';
export * as lineFreezeContracts from './line-freeze.contracts.js';
export * as lineEndedContracts from './line-ended.contracts.js';
export * as linePlanContracts from './line-plans.contracts.js';
export * as localeContracts from './locale.contracts.js';
export * as metricsContracts from './metrics.contracts.js';
export * as messageContracts from './messages.contracts.js';
export * as notificationContracts from './notifications.contracts.js';
export * as outageContracts from './outages.contracts.js';
export * as paymentMethodContracts from './payment-methods.contracts.js';
export * as portalContracts from './portal.contracts.js';
export * as paymentWebhookContracts from './payment-webhooks.contracts.js';
export * as pricingContracts from './pricing.contracts.js';
export * as redeemContracts from './redeem.contracts.js';
export * as reminderContracts from './reminders.contracts.js';
export * as reportContracts from './reports.contracts.js';
export * as resellerTermsContracts from './reseller-terms.contracts.js';
export * as serverContracts from './servers.contracts.js';
export * as setupGuideContracts from './setup-guide.contracts.js';
export * as systemStatusContracts from './system-status.contracts.js';
export * as telegramContracts from './telegram.contracts.js';
export * as ticketContracts from './tickets.contracts.js';
export * as topUpContracts from './topups.contracts.js';
