// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { activeCollaboratorWithGrant, clientScopeCondition, clientScopeOf, EVERY_CLIENT } from './client-scope.js';
export type { ClientScope } from './client-scope.js';
export { createClientsRepository } from './clients.repository.js';
export { createClientsService, type ClientsService } from './clients.service.js';
