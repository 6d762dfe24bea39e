// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createLeadsRepository } from './leads.repository.js';
