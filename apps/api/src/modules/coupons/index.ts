// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createCouponsRepository } from './coupons.repository.js';
export type { CouponsRepository } from './coupons.repository.js';
