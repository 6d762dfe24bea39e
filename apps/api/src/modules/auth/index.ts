// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createThrottleRepository } from './throttle.repository.js';
export type { ThrottleRepository } from './throttle.repository.js';
export { isIdle as isIdleSession } from './auth.service.js';
export type { Principal } from './auth.service.js';
export type { SessionsRepository } from './sessions.repository.js';
