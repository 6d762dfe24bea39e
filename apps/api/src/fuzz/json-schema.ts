import fc from 'fast-check';

/** The part of OpenAPI 3.0 JSON Schema that fastify-type-provider-zod emits for our routes. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
  nullable?: boolean;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 style: a flag on `minimum`/`maximum`. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  /** The fuzzer's own annotation: valid values it must not send (see harness.ts). */
  'x-excluded'?: unknown[];
}

/** Strings that have broken other servers: SQL, markup, templates, paths, header splitting, odd Unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  "' OR '1'='1' --",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'a\r\nSet-Cookie: x=1',
  '\u0000',
  'nul\u0000byte',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil.exe',
  '\u200B\u200C\u200D\uFEFF',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'İıß',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  'true',
  'null',
  '',
  ' ',
  '0x10',
  '١٢٣',
];

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function lowerBound(schema: JsonSchema, integer: boolean): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? schema.minimum + (integer ? 1 : 1e-9) : schema.minimum;
}

function upperBound(schema: JsonSchema, integer: boolean): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON);
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? schema.maximum - (integer ? 1 : 1e-9) : schema.maximum;
}

/** fast-check cannot build strings from look-aheads: generate from the rest and keep the matches. */
function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  const regex = new RegExp(pattern, 'u');
  const withoutLookaheads = pattern.replace(/\(\?=(?:[^()\\]|\\.)*\)/g, '');
  const generator = fc.stringMatching(new RegExp(withoutLookaheads));
  return withoutLookaheads === pattern ? generator : generator.filter((s) => regex.test(s));
}

function lengthOk(schema: JsonSchema, value: string): boolean {
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return patternArbitrary(schema.pattern).filter((s) => lengthOk(schema, s));
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress().filter((s) => lengthOk(schema, s));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 60, minLength + 60);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }) },
      { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    )
    .filter((s) => lengthOk(schema, s));
}

/** Values valid against `schema` (as zod checks them): what a well-behaved client could send. */
export function validArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const base = baseValidArbitrary(schema, depth);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function baseValidArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validArbitrary(s, depth + 1)));
  if (schema.allOf) return validArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, depth);
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = Math.max(lowerBound(schema, true) ?? -MAX_SAFE, -MAX_SAFE);
      const max = Math.min(upperBound(schema, true) ?? MAX_SAFE, MAX_SAFE);
      // Small values reach rows that exist; the full range reaches the edges.
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 40) }), fc.integer({ min, max }));
    }
    case 'number': {
      const min = lowerBound(schema, false);
      const max = upperBound(schema, false);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
      return fc.array(validArbitrary(schema.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) {
        return depth > 3 ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
      }
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validArbitrary(value, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    default:
      // No type: anything JSON (file responses, z.unknown()).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values of every JSON type, for type flips. */
const ANY_TYPE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  MAX_SAFE + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  '',
  'abc',
  '1',
  [],
  [1, 'a'],
  {},
  { a: 1 },
];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeFlips(schema: JsonSchema): fc.Arbitrary<unknown> {
  const accepts = (value: unknown) => {
    const type = typeOf(value);
    if (type === 'null') return schema.nullable === true || schema.type === 'null';
    if (schema.type === 'number') return type === 'number' || type === 'integer';
    return type === schema.type;
  };
  const flips = ANY_TYPE_VALUES.filter((value) => !accepts(value));
  return flips.length > 0 ? fc.constantFrom(...flips) : fc.constant(undefined);
}

/** An object with an own `__proto__` key, as JSON.parse makes it: JSON.stringify sends it on. */
function withProtoKey(value: Record<string, unknown>, polluted: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  Object.defineProperty(copy, '__proto__', { value: polluted, enumerable: true, configurable: true, writable: true });
  return copy;
}

function stringMutations(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [fc.constantFrom(...HOSTILE_STRINGS)];
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    out.push(
      fc.integer({ min: 1, max: 2000 }).map((extra) => 'x'.repeat(max + extra)),
      fc.constant('\u{1F600}'.repeat(Math.ceil((max + 1) / 2))),
    );
  } else {
    out.push(fc.constant('x'.repeat(100_000)));
  }
  if ((schema.minLength ?? 0) > 0) out.push(fc.constant('x'.repeat(schema.minLength! - 1)));
  if (schema.pattern) {
    const regex = new RegExp(schema.pattern, 'u');
    out.push(fc.string({ maxLength: 30, unit: 'grapheme' }).filter((s) => !regex.test(s)));
  }
  if (schema.enum) out.push(fc.string({ maxLength: 12 }).filter((s) => !schema.enum!.includes(s)));
  return out;
}

function numberMutations(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const integer = schema.type === 'integer';
  const out: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(1e308, -1e308, MAX_SAFE + 2, -MAX_SAFE - 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 63, -0, 5e-324),
  ];
  const min = lowerBound(schema, integer);
  const max = upperBound(schema, integer);
  if (min !== undefined) out.push(fc.constantFrom(min - 1, min - 1e9));
  if (max !== undefined) out.push(fc.constantFrom(max + 1, max + 1e9));
  if (integer) out.push(fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)));
  return out;
}

/**
 * Values that break `schema` somewhere (or probe it with hostile content): type flips, lengths and
 * numbers just past their bounds, missing or unknown keys, `__proto__`/`constructor` keys.
 */
export function invalidArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [typeFlips(schema)];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (schema.enum) options.push(...stringMutations({ ...schema, type: 'string' }));
  else if (alternatives) options.push(fc.oneof(...alternatives.map((s) => invalidArbitrary(s, depth + 1))));
  else if (schema.type === 'string') options.push(...stringMutations(schema));
  else if (schema.type === 'integer' || schema.type === 'number') options.push(...numberMutations(schema));
  else if (schema.type === 'array') {
    const items = schema.items ?? {};
    const minItems = schema.minItems ?? 0;
    options.push(
      fc.array(validArbitrary(items, depth + 1), {
        minLength: (schema.maxItems ?? 200) + 1,
        maxLength: (schema.maxItems ?? 200) + 3,
      }),
      fc.array(invalidArbitrary(items, depth + 1), { minLength: 1, maxLength: 3 }),
    );
    if (minItems > 0) options.push(fc.array(validArbitrary(items, depth + 1), { maxLength: minItems - 1 }));
  } else if (schema.type === 'object' && depth < 4) {
    options.push(...objectMutations(schema, depth));
  }
  return fc.oneof(...options);
}

function objectMutations(schema: JsonSchema, depth: number): fc.Arbitrary<unknown>[] {
  const valid = validArbitrary({ ...schema, nullable: false }, depth) as fc.Arbitrary<Record<string, unknown>>;
  const properties = Object.entries(schema.properties ?? {});
  const out: fc.Arbitrary<unknown>[] = [
    valid.map((value) => withProtoKey(value, { isAdmin: true, polluted: 'yes' })),
    valid.map((value) => ({ ...value, constructor: { prototype: { polluted: 'yes' } } })),
    valid.chain((value) =>
      fc
        .dictionary(fc.constantFrom('id', 'userId', 'role', 'isAdmin', 'permissions', 'x'), fc.jsonValue())
        .map((extra) => ({ ...extra, ...value })),
    ),
  ];
  const required = (schema.required ?? []).filter((key) => schema.properties?.[key]);
  if (required.length > 0) {
    out.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const copy = { ...value };
        delete copy[key];
        return copy;
      }),
    );
  }
  if (properties.length > 0) {
    // One property broken, the rest valid: reaches checks beyond the first failing field.
    out.push(
      fc
        .constantFrom(...properties)
        .chain(([key, propertySchema]) =>
          fc.tuple(valid, fc.constant(key), invalidArbitrary(propertySchema, depth + 1)),
        )
        .map(([value, key, broken]) => ({ ...value, [key]: broken })),
    );
  }
  return out;
}
