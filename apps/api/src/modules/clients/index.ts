// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { activeCollaboratorWithGrant, clientScopeCondition, clientScopeOf, EVERY_CLIENT } from './client-scope.js';
export type { ClientScope } from './client-scope.js';
