// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createRequestsRepository } from './requests.repository.js';
export { requestScopeOf } from './request-scope.js';
