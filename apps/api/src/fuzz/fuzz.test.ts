import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createFuzzEnvironment, invalidCaseArbitrary, validCaseArbitrary, zodOf } from './harness.js';
import { validArbitrary } from './json-schema.js';

/**
 * API fuzzing driven by the OpenAPI document (issue 11, item 5). `npm test` runs a short pass over
 * every operation; `npm run fuzz` (FUZZ_LONG=1) runs at least 200 valid and 800 invalid inputs per
 * operation, spread over every role, no token and forged tokens. FUZZ_VALID / FUZZ_INVALID override
 * the counts; FUZZ_SEED replays a run (fast-check prints the seed and path of a failure); FUZZ_ONLY
 * (a regular expression on "METHOD /path") narrows the run to some operations.
 */
const LONG = process.env.FUZZ_LONG === '1';
const VALID_RUNS = Number(process.env.FUZZ_VALID ?? (LONG ? 200 : 2));
const INVALID_RUNS = Number(process.env.FUZZ_INVALID ?? (LONG ? 800 : 3));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// The operations come from the served OpenAPI document, so the app is built while tests are collected.
const env = await createFuzzEnvironment();
afterAll(async () => {
  console.info(
    `fuzz: ${env.operations.length} operations, ${env.requests()} requests ` +
      `(${VALID_RUNS} valid + ${INVALID_RUNS} invalid per operation)`,
  );
  await env.close();
});

describe('API fuzzing', () => {
  it('fuzzes every operation of the API', () => {
    const documented = new Set(env.operations.map((o) => `${o.method} ${o.route}`));
    // Left out of the document on purpose: the document itself, and Plaid's webhook (checked by signature).
    const hidden = new Set(['GET /api/v1/openapi.json', 'POST /api/v1/document/reconciliation/plaid/webhook']);
    const undocumented = env.t.app.registeredRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !documented.has(key) && !hidden.has(key));
    expect(undocumented).toEqual([]);
  });

  it('generates valid inputs that satisfy the documented request schemas', () => {
    // Otherwise the "valid" runs would be invalid ones under another name.
    const schemas = env.operations.flatMap((o) => [
      ...[...o.pathParams, ...o.query, ...o.headers].map((p) => p.schema),
      ...(o.body ? [o.body.schema] : []),
    ]);
    expect(schemas.length).toBeGreaterThan(300);
    for (const schema of schemas) {
      fc.assert(
        fc.property(validArbitrary(schema), (value) => {
          const result = zodOf(schema).safeParse(value);
          if (!result.success) throw new Error(`${JSON.stringify(schema)}: ${result.error.message}`);
        }),
        { numRuns: LONG ? 100 : 10 },
      );
    }
  });

  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
  for (const operation of env.operations.filter((o) => !only || only.test(`${o.method} ${o.path}`))) {
    it(
      `${operation.method} ${operation.path}: no 5xx, answers as documented, nothing unauthenticated gets through`,
      async () => {
        // Shrinking replays requests many times: worth it in the long run only.
        const parameters = { seed: SEED, endOnFailure: !LONG };
        await fc.assert(
          fc.asyncProperty(validCaseArbitrary(operation), (c) => env.run(operation, c)),
          { ...parameters, numRuns: VALID_RUNS },
        );
        await fc.assert(
          fc.asyncProperty(invalidCaseArbitrary(operation), (c) => env.run(operation, c)),
          { ...parameters, numRuns: INVALID_RUNS },
        );
      },
      LONG ? 3_600_000 : 30_000,
    );
  }
});
