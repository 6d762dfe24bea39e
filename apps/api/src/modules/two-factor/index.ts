// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createSecondFactor } from './second-factor.js';
export { createTwoFactorRepository } from './two-factor.repository.js';
