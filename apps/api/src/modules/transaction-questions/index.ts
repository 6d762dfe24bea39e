// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createTransactionQuestionsRepository } from './transaction-questions.repository.js';
export type { TransactionQuestionsRepository } from './transaction-questions.repository.js';
