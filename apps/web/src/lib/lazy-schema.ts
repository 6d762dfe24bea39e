/**
 * A schema built the first time anything touches it (issue 25 item 5). The shared contract declares
 * some 400 zod schemas at the top level of its modules; zod builds and initialises an object for every
 * `.optional()`, `.int()` and `.nullable()`, so importing the contract the signed-in shell needs cost
 * about 100 ms of the page's first long task on a desktop (four times that on the phone Lighthouse
 * emulates), for schemas most pages never read. The web build wraps each such declaration in this
 * (vite.config.ts, `lazySharedSchemas`); the API keeps the plain modules.
 *
 * The proxy forwards everything to the built schema, and calls its methods on the schema itself, so
 * code that uses it (parsing, `.extend`, `.shape`, composing it into another schema, `instanceof`) sees
 * no difference. The one difference is identity: the proxy is not the object zod built, which matters
 * only to code that keys a map by schema (zod's metadata registries, used by the API's OpenAPI
 * document, not by the web app).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  const boundMethods = new Map<PropertyKey, unknown>();
  return new Proxy({} as T, {
    get(_target, key) {
      const value: unknown = Reflect.get(real(), key);
      if (typeof value !== 'function') return value;
      let bound = boundMethods.get(key);
      if (bound === undefined) {
        bound = (value as (...args: unknown[]) => unknown).bind(real());
        boundMethods.set(key, bound);
      }
      return bound;
    },
    has: (_target, key) => Reflect.has(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    ownKeys: () => Reflect.ownKeys(real()),
    // zod defines `_zod` as non-configurable; a proxy may not report a property so that its (empty)
    // target lacks, so the copy is reported as configurable.
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
  });
}
