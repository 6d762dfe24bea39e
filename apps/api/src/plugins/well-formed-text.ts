import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../lib/errors.js';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNPAIRED_SURROGATE_MESSAGE =
  'The request contains a character that cannot be stored: text must not contain an unpaired UTF-16 surrogate.';

/**
 * The dotted path of the first string (or object key) holding an unpaired surrogate, or null. An
 * explicit stack, not recursion: a body of 10,000 nested arrays is valid JSON under the size limit.
 */
export function findUnpairedSurrogate(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNPAIRED_SURROGATE.test(current)) return path;
      continue;
    }
    // Raw bodies (the payment and bank webhooks keep theirs as bytes for their signatures) hold no
    // JavaScript strings; `seen` guards against a parser ever handing over a cyclic object.
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current) || seen.has(current)) continue;
    seen.add(current);
    const entries = Object.entries(current);
    // Pushed in reverse so that the first field is looked at first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      if (UNPAIRED_SURROGATE.test(key)) return path;
      stack.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/**
 * One rule for every route (issue 17 item 8): JSON allows a lone surrogate (`"\ud800"`), UTF-8 and
 * PostgreSQL cannot hold one. PostgreSQL 15 refuses it in json ("invalid input syntax for type
 * json"), PGlite stores it, so the same request answered 200 on one and 500 on the other. Refused
 * here, before validation and before any handler, as a 400 in the error envelope, for the body, the
 * query string and the path parameters alike. The offending value is never echoed back.
 */
export const wellFormedTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const [where, value] of [
        ['body', request.body],
        ['querystring', request.query],
        ['params', request.params],
      ] as const) {
        const field = findUnpairedSurrogate(value);
        if (field !== null) {
          throw new BadRequestError(UNPAIRED_SURROGATE_MESSAGE, undefined, [
            { in: where, field, message: 'UNPAIRED_SURROGATE' },
          ]);
        }
      }
    });
  },
  { name: 'well-formed-text' },
);
