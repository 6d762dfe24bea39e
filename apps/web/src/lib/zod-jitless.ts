/**
 * Zod builds a faster object parser with `new Function`, after probing whether eval is allowed. The
 * content security policy (apps/api/src/app.ts) forbids eval, so the probe fails and parsing takes the
 * plain path anyway, but Chrome reports the blocked probe as a policy violation on every page that
 * parses an answer (Lighthouse's best practices: 96). `jitless` skips the probe. It must be on before
 * the first schema is built, and `z.config` would put zod on /login's first paint; zod reads its
 * config from this global instead (zod/v4/core/core.js), which zod-jitless.test.ts holds it to.
 * main.tsx imports this module first.
 */
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
