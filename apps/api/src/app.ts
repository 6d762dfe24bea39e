import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmetHeaders from 'helmet';
import { ERROR_CODE } from '@ledgerport/shared';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/index.js';
import { loggerOptions } from './config/logger.js';
import type { Database } from './db/client.js';
import { readOrCreateSecret } from './lib/secrets.js';
import { createFieldCrypto } from './lib/field-crypto.js';
import { createAuditLog } from './modules/audit/audit.repository.js';
import { authModule } from './modules/auth/auth.module.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createThrottleRepository } from './modules/auth/throttle.repository.js';
import { createAccessTokens } from './modules/auth/tokens.js';
import { departmentsModule } from './modules/departments/departments.module.js';
import { healthModule } from './modules/health/health.module.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { announcementsModule } from './modules/announcements/announcements.module.js';
import { bookkeepingModule } from './modules/bookkeeping/bookkeeping.module.js';
import { catalogModule } from './modules/catalog/catalog.module.js';
import { couponsModule } from './modules/coupons/coupons.module.js';
import { clientsModule } from './modules/clients/clients.module.js';
import { documentsModule } from './modules/documents/documents.module.js';
import { invitationsModule } from './modules/invitations/invitations.module.js';
import type { JobRegistry, ModuleDeps } from './modules/module-deps.js';
import { passwordResetModule } from './modules/password-reset/password-reset.module.js';
import { profileModule } from './modules/profile/profile.module.js';
import { referenceModule } from './modules/reference/reference.module.js';
import { rolesModule } from './modules/roles/roles.module.js';
import { servicesModule } from './modules/services/services.module.js';
import { tagsModule } from './modules/tags/tags.module.js';
import { usersModule } from './modules/users/users.module.js';
import { contractorsModule } from './modules/contractors/contractors.module.js';
import { requestsModule } from './modules/requests/requests.module.js';
import { messagesModule } from './modules/messages/messages.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { toDosModule } from './modules/to-dos/to-dos.module.js';
import { auditLogModule } from './modules/audit-log/audit-log.module.js';
import { settingsModule } from './modules/settings/settings.module.js';
import { twoFactorModule } from './modules/two-factor/two-factor.module.js';
import { paymentsModule } from './modules/payments/payments.module.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { formationModule } from './modules/formation/formation.module.js';
import { companiesModule } from './modules/companies/companies.module.js';
import { reconciliationModule } from './modules/reconciliation/reconciliation.module.js';
import { transactionQuestionsModule } from './modules/transaction-questions/transaction-questions.module.js';
import { leadsModule } from './modules/leads/leads.module.js';
import { onboardingModule } from './modules/onboarding/onboarding.module.js';
import {
  IDEMPOTENCY_PURGE_JOB,
  idempotencyPlugin,
  purgeIdempotentRequests,
  scheduleIdempotencyPurge,
} from './plugins/idempotency.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { openapiPlugin } from './plugins/openapi.js';
import { API_PREFIX } from './plugins/route-access.js';
import { webAppPlugin } from './plugins/web-app.js';
import { wellFormedTextPlugin } from './plugins/well-formed-text.js';
import { createResponseSerializerCompiler } from './lib/compiled-serializer.js';
import { createJobQueue } from './lib/jobs/job-queue.js';
import { createWorker, type JobHandler, type Worker } from './lib/jobs/worker.js';
import { createStorage, type BlobStorage } from './lib/storage/index.js';
import { createMailRepository } from './modules/mail/mail.repository.js';
import { mailModule } from './modules/mail/mail.module.js';
import { createMailService, MAIL_JOB } from './modules/mail/mail.service.js';
import { createOutboxTransport, createSmtpTransport, type MailTransport } from './modules/mail/mail.transport.js';

export interface AppDependencies {
  database: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to SMTP when SMTP_URL is set, else the outbox only. */
  mailTransport?: MailTransport;
  /** The clock access tokens are stamped and checked by (Date.now unless a test moves it on). */
  now?: () => number;
  /**
   * Tests: every response is serialised by the compiled serialiser and by zod's, and a difference
   * fails the request (lib/compiled-serializer.ts).
   */
  checkSerialization?: boolean;
}

/** The composition root: every repository and service is built here and handed to its routes. */
export async function buildApp({
  database,
  config,
  logger,
  mailTransport,
  now,
  checkSerialization = false,
}: AppDependencies) {
  const securityHeaders = securityHeadersOf(config);
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // The router refuses a malformed path (400) or an over-long parameter (414) before any hook runs:
    // helmet's headers and the error envelope are applied here instead.
    frameworkErrors: (error, request, reply) => {
      helmetHeaders(securityHeaders)(request.raw, reply.raw, () => {});
      const status = error.statusCode ?? 400;
      const code = status >= 500 ? ERROR_CODE.internal : ERROR_CODE.validation;
      const message = status === 414 ? 'The URL is too long.' : 'The URL is not valid.';
      reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      reply.raw.end(JSON.stringify({ error: { code, message, requestId: String(request.id) } }));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: checkSerialization }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', String(request.id));
  });

  const { db } = database;
  const audit = createAuditLog({ db });
  const users = createUsersRepository({ db });
  const sessions = createSessionsRepository({ db });
  const throttle = createThrottleRepository({ db });
  const tokens = createAccessTokens({
    secret: config.jwtSecret ?? readOrCreateSecret(config.dataDir, 'jwt-secret'),
    ttlSeconds: config.accessTokenTtlSeconds,
    now,
  });
  const fieldCrypto = createFieldCrypto(
    Buffer.from(config.encryptionKey ?? readOrCreateSecret(config.dataDir, 'encryption-key', 32), 'base64url'),
  );
  const auth = createAuthService({ db, users, sessions, throttle, audit, tokens, config, fieldCrypto });
  const queue = createJobQueue({ db });
  const mailRepository = createMailRepository({ db });
  const transport = mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createOutboxTransport());
  const mail = createMailService({
    repository: mailRepository,
    queue,
    transport,
    from: config.mailFrom,
    appUrl: config.appUrl,
    fieldCrypto,
    logger: app.log,
  });
  // Modules add their handlers while registering; the worker looks them up when a job runs.
  const jobHandlers: Record<string, JobHandler> = { [MAIL_JOB]: mail.deliver };
  const worker = createWorker({ queue, handlers: jobHandlers, logger: app.log });
  const jobs: JobRegistry = {
    register(type, handler) {
      if (jobHandlers[type]) throw new Error(`Job type ${type} has two handlers.`);
      jobHandlers[type] = handler;
    },
  };
  const storage = createStorage(config);
  const payments = createPaymentsService({ db, config, audit, queue });
  const moduleDeps: ModuleDeps = {
    db,
    config,
    audit,
    mail,
    queue,
    users,
    sessions,
    fieldCrypto,
    storage,
    jobs,
    payments,
    listen: (channel, handlers) => database.listen(channel, handlers),
  };
  app.decorate('worker', worker);
  app.decorate('mail', mail);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });

  // One options object for both: helmet ships separate ESM and CommonJS typings of the same shape.
  await app.register(helmet, securityHeaders as FastifyHelmetOptions);
  await app.register(cookie);
  await app.register(errorHandlerPlugin);
  await app.register(wellFormedTextPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { auth });
  // After the access check (a refused caller claims no key), before any handler.
  await app.register(idempotencyPlugin, { db, fieldCrypto, now: now ? () => new Date(now()) : undefined });
  jobs.register(IDEMPOTENCY_PURGE_JOB, async () => {
    // The next run is queued first, so a failing run never ends the hourly chain.
    await scheduleIdempotencyPurge(queue);
    await purgeIdempotentRequests(db);
  });

  await app.register(healthModule, { database });
  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => api.swagger());
      await api.register(authModule, { ...moduleDeps, auth });
      // Feature modules: each builds its own repositories and services from the shared dependencies.
      for (const module of [
        departmentsModule,
        profileModule,
        passwordResetModule,
        invitationsModule,
        usersModule,
        rolesModule,
        servicesModule,
        tagsModule,
        catalogModule,
        referenceModule,
        clientsModule,
        documentsModule,
        announcementsModule,
        couponsModule,
        bookkeepingModule,
        paymentsModule,
        formationModule,
        companiesModule,
        reconciliationModule,
        transactionQuestionsModule,
        leadsModule,
        onboardingModule,
        contractorsModule,
        requestsModule,
        messagesModule,
        notificationsModule,
        toDosModule,
        settingsModule,
        twoFactorModule,
        auditLogModule,
        mailModule,
      ]) {
        await api.register(module, moduleDeps);
      }
    },
    { prefix: API_PREFIX },
  );
  await app.register(webAppPlugin, { distDir: config.webDistDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Security headers of every response (DESIGN.md section 6). Scripts come from the app itself only,
 * never inline; Stripe.js and Plaid Link load from their providers only when those drivers are
 * configured. HSTS is sent in production only: development runs on plain http://localhost.
 */
function securityHeadersOf(config: AppConfig): Parameters<typeof helmetHeaders>[0] {
  const thirdParty = {
    script: [...(config.stripe ? ['https://js.stripe.com'] : []), ...(config.plaid ? ['https://cdn.plaid.com'] : [])],
    frame: [
      ...(config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
      ...(config.plaid ? ['https://cdn.plaid.com'] : []),
    ],
    connect: [...(config.stripe ? ['https://api.stripe.com'] : []), ...(config.plaid ? ['https://*.plaid.com'] : [])],
    img: config.stripe ? ['https://*.stripe.com'] : [],
  };
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'none'"],
        'object-src': ["'none'"],
        'img-src': ["'self'", 'data:', 'blob:', ...thirdParty.img],
        'script-src': ["'self'", ...thirdParty.script],
        'frame-src': ["'self'", 'blob:', ...thirdParty.frame],
        'connect-src': ["'self'", ...thirdParty.connect],
        'frame-ancestors': ["'none'"],
        // TLS is the load balancer's job; upgrading would break plain http://localhost.
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job worker: started by server.ts, drained directly by tests. */
    worker: Worker;
    mail: ReturnType<typeof createMailService>;
    /** Document files; tests read and plant blobs through it. */
    storage: BlobStorage;
  }
}
