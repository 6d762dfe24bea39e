export * from './common/constants.js';
export * from './common/errors.js';
export * from './common/list.schema.js';
export * from './permissions/matcher.js';
export * from './permissions/catalogue.js';
export * from './auth/auth.schema.js';
export * from './users/users.schema.js';
