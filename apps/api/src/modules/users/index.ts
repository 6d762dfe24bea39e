// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { attachmentDisposition, XLSX_CONTENT_TYPE } from './users.export.js';
export type { UsersRepository } from './users.repository.js';
export { insertWithDerivedUsername, usernameBaseFromEmail } from './users.service.js';
