// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createSettingsRepository, hoursFromSeconds } from './settings.repository.js';
export type { SettingsRepository } from './settings.repository.js';
