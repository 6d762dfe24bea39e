/** The formation rules the wizard and the API share, beside the contract in formation.schema.ts. */
export * from './ssn-rule.js';
export * from './formation-fees.js';
export * from './formation-multipart.js';
