// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createContractorsRepository } from './contractors.repository.js';
export { contractorScopeOf } from './contractor-scope.js';
