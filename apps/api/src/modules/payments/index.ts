// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export type { PaymentsService } from './payments.service.js';
