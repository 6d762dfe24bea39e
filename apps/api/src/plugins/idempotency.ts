import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_ERROR,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_WINDOW_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@ledgerport/shared';
import type { Db } from '../db/client.js';
import { idempotentRequests } from '../db/schema/index.js';
import { AppError, BadRequestError } from '../lib/errors.js';
import type { FieldCrypto } from '../lib/field-crypto.js';
import type { JobQueue } from '../lib/jobs/job-queue.js';
import { API_PREFIX } from './route-access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether a POST honours `Idempotency-Key`. Every POST that answers 201 does unless it says
     * `false`; a POST that creates something but answers 200 (a payment, a formation order) says
     * `true`. `__tests__/idempotency-coverage.test.ts` makes every other POST say which it is.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The row holding this request's answer, while the request runs. */
    idempotentRequestId?: number;
  }
  interface FastifyInstance {
    /** Every POST of the API with whether it honours `Idempotency-Key` and whether it says so itself. */
    postRoutes: PostRoute[];
  }
}

export interface PostRoute {
  url: string;
  idempotent: boolean;
  /** `config.idempotent` given explicitly (a POST that does not answer 201 must give it). */
  declared: boolean;
}

export const IDEMPOTENCY_PURGE_JOB = 'idempotency.purge';
const WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3_600_000;
/** How long a retry waits for the first request with its key to finish before it is told to come back. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 100;

/** Whether the route's POSTs are made safe to retry (see `FastifyContextConfig.idempotent`). */
export function isIdempotentRoute(route: {
  method: string | string[];
  url: string;
  config?: { idempotent?: boolean };
  schema?: { response?: unknown };
}): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.includes('POST') || !route.url.startsWith(API_PREFIX)) return false;
  if (route.config?.idempotent !== undefined) return route.config.idempotent;
  const response = route.schema?.response as Record<string, unknown> | undefined;
  return response !== undefined && '201' in response;
}

/** Keys sorted, so that the same request always hashes the same. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
}

/**
 * A keyed hash (HMAC, the blind index's key) of the request: a body may hold a Social Security number,
 * and a plain SHA-256 of a short body could be reversed by trying every number.
 */
function requestHashOf(request: FastifyRequest, fieldCrypto: FieldCrypto): string {
  // A multipart body streams in the handler, after this hook: its fields and files are not part of
  // the hash, so a key must not be reused for another upload (the web app makes one per action).
  const multipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false;
  const body = multipart ? null : request.body;
  return fieldCrypto.blindIndex(stableJson({ params: request.params, query: request.query, body }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Idempotency-Key` on creating POSTs (issue 21 item 3; docs/reliability.md). The first request with
 * a key claims it with a row (a unique index, so two at once cannot both claim it); the answer is
 * stored when it is sent (any status below 500: a refusal is an answer too) and replayed to every
 * later request with that key, caller, route and body for 24 hours. A parallel retry waits for the
 * first to finish. A 5xx, a failure to send or an abort releases the key, so a retry runs anew.
 */
export const idempotencyPlugin = fp(
  async (
    app: FastifyInstance,
    { db, fieldCrypto, now = () => new Date() }: { db: Db; fieldCrypto: FieldCrypto; now?: () => Date },
  ) => {
    const postRoutes: PostRoute[] = [];
    app.decorate('postRoutes', postRoutes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes('POST') || !route.url.startsWith(API_PREFIX)) return;
      postRoutes.push({
        url: route.url,
        idempotent: isIdempotentRoute(route),
        declared: route.config?.idempotent !== undefined,
      });
    });

    async function release(id: number) {
      await db
        .delete(idempotentRequests)
        .where(and(eq(idempotentRequests.id, id), sql`${idempotentRequests.statusCode} is null`));
    }

    app.addHook('preHandler', async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (
        header === undefined ||
        !isIdempotentRoute({ ...request.routeOptions, method: request.method, url: request.routeOptions.url ?? '' })
      ) {
        return;
      }
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
        throw new BadRequestError(
          'The Idempotency-Key header must be 16 to 128 letters, digits, - or _ (a UUID).',
          IDEMPOTENCY_ERROR.invalidKey,
        );
      }
      const caller = request.principal ? `user:${request.principal.userId}` : 'anonymous';
      const keyHash = fieldCrypto.blindIndex(header);
      const route = request.routeOptions.url ?? request.url;
      const requestHash = requestHashOf(request, fieldCrypto);
      const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const [claimed] = await db
          .insert(idempotentRequests)
          .values({ caller, keyHash, route, requestHash })
          .onConflictDoNothing()
          .returning({ id: idempotentRequests.id });
        if (claimed) {
          request.idempotentRequestId = claimed.id;
          return;
        }
        const [first] = await db
          .select()
          .from(idempotentRequests)
          .where(and(eq(idempotentRequests.caller, caller), eq(idempotentRequests.keyHash, keyHash)));
        if (!first) continue; // released or purged meanwhile: claim it again
        if (now().getTime() - first.createdAt.getTime() > WINDOW_MS) {
          await db.delete(idempotentRequests).where(eq(idempotentRequests.id, first.id));
          continue;
        }
        if (first.route !== route || first.requestHash !== requestHash) {
          throw new AppError(409, IDEMPOTENCY_ERROR.keyReused, 'This Idempotency-Key was used for another request.');
        }
        if (first.statusCode === null) {
          if (Date.now() < waitUntil) {
            await sleep(POLL_MS);
            continue;
          }
          reply.header('retry-after', '1');
          throw new AppError(
            409,
            IDEMPOTENCY_ERROR.inProgress,
            'The first request with this Idempotency-Key is still running.',
          );
        }
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        reply.code(first.statusCode).type('application/json; charset=utf-8');
        return reply.send(first.responseEncrypted === null ? undefined : fieldCrypto.decrypt(first.responseEncrypted));
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const id = request.idempotentRequestId;
      if (id === undefined) return payload;
      request.idempotentRequestId = undefined;
      // Only a complete JSON (or empty) answer can be given again; anything else runs anew on retry.
      if (reply.statusCode >= 500 || (payload !== null && payload !== undefined && typeof payload !== 'string')) {
        await release(id);
        return payload;
      }
      await db
        .update(idempotentRequests)
        .set({
          statusCode: reply.statusCode,
          responseEncrypted: typeof payload === 'string' && payload !== '' ? fieldCrypto.encrypt(payload) : null,
        })
        .where(eq(idempotentRequests.id, id));
      return payload;
    });

    // The request ended without an answer (the client went away, the handler never replied).
    const releaseUnanswered = async (request: FastifyRequest) => {
      const id = request.idempotentRequestId;
      if (id === undefined) return;
      request.idempotentRequestId = undefined;
      await release(id);
    };
    app.addHook('onRequestAbort', releaseUnanswered);
    app.addHook('onResponse', releaseUnanswered);
  },
  { name: 'idempotency' },
);

/** Forgets answers older than the window. */
export async function purgeIdempotentRequests(db: Db, now = new Date()): Promise<void> {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, new Date(now.getTime() - WINDOW_MS)));
}

const PURGE_EVERY_MS = 3_600_000;

export async function scheduleIdempotencyPurge(queue: JobQueue, now = new Date()): Promise<void> {
  const runAt = new Date(Math.floor(now.getTime() / PURGE_EVERY_MS + 1) * PURGE_EVERY_MS);
  await queue.enqueue(
    IDEMPOTENCY_PURGE_JOB,
    {},
    { runAt, dedupeKey: `${IDEMPOTENCY_PURGE_JOB}:${runAt.toISOString()}` },
  );
}
