import type { AppConfig } from '../config/index.js';
import type { Database, Db } from '../db/client.js';
import type { FieldCrypto } from '../lib/field-crypto.js';
import type { JobQueue } from '../lib/jobs/job-queue.js';
import type { JobHandler } from '../lib/jobs/worker.js';
import type { BlobStorage } from '../lib/storage/index.js';
import type { AuditLog } from './audit/index.js';
import type { SessionsRepository } from './auth/index.js';
import type { MailService } from './mail/index.js';
import type { PaymentsService } from './payments/index.js';
import type { UsersRepository } from './users/index.js';

/**
 * What the composition root (app.ts) hands to each feature module. A module builds its own
 * repositories and services from these with factory functions and registers its routes.
 */
export interface ModuleDeps {
  db: Db;
  config: AppConfig;
  audit: AuditLog;
  mail: MailService;
  queue: JobQueue;
  /** Shared by sign-in and the user features. */
  users: UsersRepository;
  /** For ending a user's sessions (password change or reset, deactivation, role change). */
  sessions: SessionsRepository;
  /** Encryption at rest and blind indexes for sensitive fields (SSN, TIN, birth dates, bank numbers). */
  fieldCrypto: FieldCrypto;
  /** Document files (DESIGN.md section 6). */
  storage: BlobStorage;
  /** Card payments (Stripe or the test processor); features create intents through it. */
  payments: PaymentsService;
  /** Background work a module owns: its handlers run in the worker (`npm start` or `npm run worker`). */
  jobs: JobRegistry;
  /** PostgreSQL LISTEN on a connection of its own (db/listen.ts): how a change reaches every API process. */
  listen: Database['listen'];
}

export interface JobRegistry {
  register(type: string, handler: JobHandler): void;
}
