// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { AUDIT_ACTION } from './audit.repository.js';
export type { AuditAction, AuditLog } from './audit.repository.js';
