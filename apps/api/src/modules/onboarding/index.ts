// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { leadContractPdf } from './lead-contract.js';
export { createOnboardingRepository } from './onboarding.repository.js';
export type { OnboardingRepository } from './onboarding.repository.js';
