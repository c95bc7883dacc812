/**
 * Every endpoint's contract, one namespace per area. Both sides import an area's namespace from
 * `@linedesk/shared` (`contactContracts.getDetails`); the web's bundler keeps only the ones it calls.
 */
export * as contactContracts from './contact.contracts.js';
export * as backupContracts from './backups.contracts.js';
export * as dashboardContracts from './dashboard.contracts.js';
export * as eventContracts from './events.contracts.js';
export * as healthContracts from './health.contracts.js';
export * as knowledgeBaseContracts from './knowledge-base.contracts.js';
export * as localeContracts from './locale.contracts.js';
export * as messageContracts from './messages.contracts.js';
export * as reminderContracts from './reminders.contracts.js';
export * as setupGuideContracts from './setup-guide.contracts.js';
export * as systemStatusContracts from './system-status.contracts.js';
export * as ticketContracts from './tickets.contracts.js';
