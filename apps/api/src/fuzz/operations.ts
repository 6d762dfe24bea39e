import type { JsonSchema } from './json-schema.js';

/** One operation of the OpenAPI document, in the shape the fuzzer needs. */
export interface Operation {
  method: string;
  /** As the OpenAPI document writes it: /api/v1/users/{id}. */
  path: string;
  /** As Fastify registers it: /api/v1/users/:id. */
  route: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body?: { schema: JsonSchema; required: boolean };
  /** Multipart routes document their fields in prose only: the names found there. */
  multipartFields?: string[];
  responses: Map<number, DocumentedResponse>;
  isPublic: boolean;
  summary: string;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface DocumentedResponse {
  /** Undefined when the response has no body (204) or a body of any shape (files). */
  schema?: JsonSchema;
  contentType?: string;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  consumes?: string[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * Field names as the multipart routes' descriptions list them: camelCase or PascalCase words with
 * at least two humps (FirstName, advisorUserId) or dotted/indexed paths (address.city, organizers[0].titles[0]).
 */
export function multipartFieldNames(text: string): string[] {
  const names = text.match(/[A-Za-z][\w.[\]]*[\w\]]/g) ?? [];
  const isField = (name: string) =>
    /[.[]/.test(name) ? /^[A-Za-z]\w*(\[\d+\])?(\.\w+(\[\d+\])?)+$/.test(name) : /^[A-Za-z][a-z0-9]+[A-Z]/.test(name);
  return [...new Set(names.filter(isField))];
}

function isMultipart(operation: OpenApiOperation): boolean {
  return (
    operation.consumes?.includes('multipart/form-data') === true ||
    /multipart/i.test(`${operation.summary ?? ''} ${operation.description ?? ''}`)
  );
}

export function operationsOf(
  document: OpenApiDocument,
  publicRoutes: ReadonlySet<string>,
  knownRoutes: ReadonlySet<string>,
): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(methods)) {
      const method = lowerMethod.toUpperCase();
      const route = path.replace(/\{(\w+)\}/g, ':$1');
      const parameters = (operation.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        required: p.required === true || p.in === 'path',
        schema: p.schema ?? {},
      }));
      const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
      const responses = new Map<number, DocumentedResponse>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const [contentType, content] = Object.entries(response.content ?? {})[0] ?? [];
        responses.set(Number(status), { schema: content?.schema, contentType });
      }
      const key = `${method} ${route}`;
      operations.push({
        method,
        path,
        route,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        headers: parameters.filter((p) => p.in === 'header'),
        body: jsonBody ? { schema: jsonBody, required: operation.requestBody?.required === true } : undefined,
        multipartFields: isMultipart(operation) ? multipartFieldNames(operation.description ?? '') : undefined,
        responses,
        // Routes outside /api/v1 (health) carry no access rule: anyone may call them.
        isPublic: publicRoutes.has(key) || !knownRoutes.has(key),
        summary: operation.summary ?? '',
      });
    }
  }
  return operations;
}
