// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createReconciliationRepository } from './reconciliation.repository.js';
export type { ReconciliationRepository } from './reconciliation.repository.js';
export { reconciliationScopeOf, reconciliationScopeCondition } from './reconciliation-scope.js';
export type { ReconciliationScope } from './reconciliation-scope.js';
