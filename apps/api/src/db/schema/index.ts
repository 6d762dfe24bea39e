export * from './organisation.js';
export * from './identity.js';
export * from './clients.js';
export * from './tags.js';
export * from './sessions.js';
export * from './audit.js';
export * from './jobs.js';
export * from './mail.js';
