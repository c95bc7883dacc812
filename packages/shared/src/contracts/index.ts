/**
 * Every endpoint's contract, one namespace per area. Both sides import an area's namespace from
 * `@linedesk/shared` (`contactContracts.getDetails`); the web's bundler keeps only the ones it calls.
 */
export * as contactContracts from './contact.contracts.js';
export * as lineContracts from './lines.contracts.js';
