import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, validated once at start-up. The README's
 * Configuration table lists the same variables.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HS256 secret for access tokens; generated under DATA_DIR/secrets when absent. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Master key for field encryption (base64 of 32+ random bytes); generated under DATA_DIR/secrets when absent. */
  APP_ENCRYPTION_KEY: z.string().min(43).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  SESSION_ABSOLUTE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
  /** Set false only when serving plain HTTP on a host other than localhost. */
  COOKIE_SECURE: bool.default(true),
  /** Trust X-Forwarded-For from a load balancer (the client IP feeds sign-in throttling). */
  TRUST_PROXY: bool.default(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Seed the demo firm into an empty database. */
  SEED_DEMO: bool.default(true),
  /** Public base URL of the web app, for links in e-mails; defaults to http://localhost:PORT. */
  APP_URL: z.string().url().optional(),
  /** smtp://user:pass@host:port or smtps://...; without it, mail stays in the outbox (Administration > Mail). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Ledgerport <no-reply@ledgerport.example>'),
  /** Days a delivered message's (encrypted) body is kept before it is erased; its metadata stays. */
  MAIL_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Run the background job worker inside the server process (off when workers run apart). */
  RUN_WORKER: bool.default(true),
  /**
   * How often the notification stream sends a keep-alive comment and checks that the session behind it
   * is still live (docs/notifications.md): below the idle timeout of any proxy in front of the API.
   */
  NOTIFICATION_STREAM_PING_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /**
   * Notifications a person gets "immediately" by e-mail go out together, one e-mail per window of this
   * many minutes (docs/notifications.md#e-mail), so a burst of events is one message, not ten.
   */
  NOTIFICATION_EMAIL_BATCH_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Built web app to serve; the API alone is served when the folder does not exist. */
  WEB_DIST_DIR: z.string().optional(),
  /** Where document files live: `local` (DATA_DIR/blobs, the default) or `s3` (any S3-compatible store). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** For S3-compatible stores (MinIO, R2, s3rver); leave unset for AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Stripe (card payments); without these the built-in test processor takes payments (DESIGN.md section 8). */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Plaid (bank linking); without these the built-in sandbox bank is used. */
  PLAID_CLIENT_ID: z.string().min(1).optional(),
  PLAID_SECRET: z.string().min(1).optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /**
   * In production (NODE_ENV=production) the server refuses to start with the built-in test payment
   * processor or the built-in sandbox bank, unless this says test mode is meant (a demo, a test run).
   */
  ALLOW_TEST_MODE: bool.default(false),
  /** Google reCAPTCHA on the public onboarding form; without these the self-hosted ALTCHA proof of work. */
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /**
   * HMAC key of the ALTCHA captcha; generated under DATA_DIR/secrets when absent. Set the same value on
   * every API process, or a challenge issued by one fails its check on another.
   */
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
});

/** The names of every variable the server reads (the README's Configuration table must list each). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as readonly string[];

export type AppConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    logLevel: values.LOG_LEVEL,
    jwtSecret: values.JWT_SECRET,
    encryptionKey: values.APP_ENCRYPTION_KEY,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    sessionAbsoluteTtlSeconds: values.SESSION_ABSOLUTE_TTL_SECONDS,
    cookieSecure: values.COOKIE_SECURE,
    trustProxy: values.TRUST_PROXY,
    loginThrottle: {
      maxFailuresPerAccount: values.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: values.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: values.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    seedDemo: values.SEED_DEMO,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailBodyRetentionDays: values.MAIL_BODY_RETENTION_DAYS,
    runWorker: values.RUN_WORKER,
    notificationStreamPingSeconds: values.NOTIFICATION_STREAM_PING_SECONDS,
    notificationEmailBatchMinutes: values.NOTIFICATION_EMAIL_BATCH_MINUTES,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_PUBLISHABLE_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            publishableKey: values.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
          }
        : null,
    plaid:
      values.PLAID_CLIENT_ID && values.PLAID_SECRET
        ? { clientId: values.PLAID_CLIENT_ID, secret: values.PLAID_SECRET, env: values.PLAID_ENV }
        : null,
    allowTestMode: values.ALLOW_TEST_MODE,
    altchaHmacKey: values.ALTCHA_HMAC_KEY,
    recaptcha:
      values.RECAPTCHA_SITE_KEY && values.RECAPTCHA_SECRET_KEY
        ? { siteKey: values.RECAPTCHA_SITE_KEY, secretKey: values.RECAPTCHA_SECRET_KEY }
        : null,
    storage: {
      driver: values.STORAGE_DRIVER,
      s3: {
        bucket: values.S3_BUCKET,
        region: values.S3_REGION,
        endpoint: values.S3_ENDPOINT,
        accessKeyId: values.S3_ACCESS_KEY_ID,
        secretAccessKey: values.S3_SECRET_ACCESS_KEY,
        forcePathStyle: values.S3_FORCE_PATH_STYLE,
      },
    },
  };
}

/** A configuration the server must not start with; its message says what to set. */
export class ConfigurationError extends Error {}

/**
 * Issue 17 item 7: the test drivers a production server would run with. Without Stripe keys, card
 * payments go to the built-in test processor (any card "succeeds"); without Plaid keys, bank linking
 * uses the built-in sandbox bank (made-up accounts). Both are right for a demo and wrong for a firm.
 */
export function testDriversInUse(config: Pick<AppConfig, 'stripe' | 'plaid'>): string[] {
  return [
    ...(config.stripe
      ? []
      : [
          'card payments would go to the built-in test payment processor ' +
            '(set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET)',
        ]),
    ...(config.plaid
      ? []
      : ['bank linking would use the built-in sandbox bank (set PLAID_CLIENT_ID and PLAID_SECRET)']),
  ];
}

/**
 * Throws a ConfigurationError when a production server would take payments or link banks through a
 * test driver and ALLOW_TEST_MODE=true does not say that is meant. server.ts and worker.ts call it
 * before opening anything; outside production test drivers are the default and need no setting.
 */
export function assertStartable(config: Pick<AppConfig, 'isProduction' | 'allowTestMode' | 'stripe' | 'plaid'>) {
  if (!config.isProduction || config.allowTestMode) return;
  const problems = testDriversInUse(config);
  if (problems.length === 0) return;
  throw new ConfigurationError(
    [
      'Refusing to start: NODE_ENV=production, but',
      ...problems.map((problem) => `  - ${problem};`),
      'Configure the real providers, or set ALLOW_TEST_MODE=true to run a demo or a test in production mode on purpose',
      '(the screens then mark payments and bank linking as test mode).',
    ].join('\n'),
  );
}
