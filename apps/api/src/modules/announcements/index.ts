// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createAnnouncementsRepository } from './announcements.repository.js';
