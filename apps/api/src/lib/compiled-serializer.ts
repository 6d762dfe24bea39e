import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];
type Serialize = (data: unknown) => string;

const zodSerializer = createSerializerCompiler({}) as unknown as (route: RouteSchema) => Serialize;

/**
 * A response schema as JSON Schema for fast-json-stringify, or null when zod cannot state it as one
 * (a custom check, a cycle): such a schema keeps zod's serialiser.
 */
function jsonSchemaOf(schema: unknown): Record<string, unknown> | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      // Everything inline: a response schema is compiled once, and its parts need no shared names.
      reused: 'inline',
      cycles: 'throw',
    }) as Record<string, unknown>;
    return json;
  } catch {
    return null;
  }
}

/**
 * The response serialiser (issue 26): each route's response schema, written in zod for the contract
 * and the OpenAPI document, is compiled once into fast-json-stringify's serialiser, which writes the
 * object the way the schema describes it (only its properties, in its shape) without validating it
 * value by value on every response as zod's `safeEncode` does; that check was a third of a list
 * request's time in Node (docs/performance.md). A schema zod cannot express exactly as JSON Schema
 * stays with zod's serialiser.
 *
 * `check`: both serialisers run and any difference throws, naming the route; the API's test suite
 * runs this way, so every response its thousands of tests receive proves the compiled output is what
 * zod would have written.
 */
export function createResponseSerializerCompiler({
  check = false,
  compile = (schema) => fastJson(schema) as Serialize,
}: {
  check?: boolean;
  /** fast-json-stringify; a test hands in another to see a difference caught. */
  compile?: (schema: Record<string, unknown>) => Serialize;
} = {}) {
  return (route: RouteSchema): Serialize => {
    const exact = zodSerializer(route);
    const json = jsonSchemaOf(route.schema);
    if (!json) return exact;
    let compiled: Serialize;
    try {
      compiled = compile(json);
    } catch {
      return exact;
    }
    if (!check) return compiled;
    return (data) => {
      const expected = exact(data);
      const actual = compiled(data);
      const normalised = JSON.stringify(JSON.parse(actual));
      if (normalised !== expected) {
        // Where they part, not the bodies: a response may hold a person's data.
        let at = 0;
        while (at < expected.length && expected[at] === normalised[at]) at += 1;
        throw new Error(
          `Compiled serialisation differs from zod's for ${route.method} ${route.url} ${route.httpStatus} ` +
            `at character ${at} of ${expected.length}`,
        );
      }
      return actual;
    };
  };
}
