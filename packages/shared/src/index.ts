export * from './errors.js';
export * from './permissions.js';
export * from './account.js';
export * from './auth.js';
export * from './group.js';
export * from './list.js';
export * from './events.js';
export * from './languages.js';
