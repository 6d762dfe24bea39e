import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from '../compiled-serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/v1/things', httpStatus: '200' });

const listSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.enum(['open', 'closed']),
      dueDate: z.string().nullable(),
      tags: z.array(z.object({ id: z.number().int(), color: z.string().nullable() })),
      note: z.string().optional(),
    }),
  ),
  totalCount: z.number().int(),
});

const rows = {
  items: [
    {
      id: 1,
      name: 'Form "W-2" \u2028 2026',
      status: 'open',
      dueDate: null,
      tags: [{ id: 3, color: '#1e88e5' }],
      // Columns the query read that the contract does not name: never sent.
      ssnEncrypted: 'c2VjcmV0',
      ownerEmail: 'owner@example.com',
    },
    { id: 2, name: 'Receipt', status: 'closed', dueDate: '2026-12-01', tags: [], note: 'kept' },
  ],
  totalCount: 2,
};

describe('createResponseSerializerCompiler', () => {
  it("writes a list exactly as zod's serialiser would, leaving out what the schema does not name", () => {
    const compiled = createResponseSerializerCompiler()(route(listSchema));
    const exact = JSON.stringify(listSchema.parse(rows));
    expect(JSON.stringify(JSON.parse(compiled(rows)))).toBe(exact);
    expect(compiled(rows)).not.toContain('owner@example.com');
    expect(compiled(rows)).not.toContain('ssnEncrypted');
  });

  it('leaves a schema JSON Schema cannot state (a custom check) to zod, which still checks it', () => {
    const custom = z.object({
      code: z.custom<string>((value) => typeof value === 'string' && /^[A-Z]{3}$/.test(value)),
    });
    const serialize = createResponseSerializerCompiler()(route(custom));
    expect(serialize({ code: 'USD' })).toBe('{"code":"USD"}');
    expect(() => serialize({ code: 'dollars' })).toThrow();
  });

  it("still refuses what zod refuses when checking, and a compiled output that differs from zod's", () => {
    const checking = createResponseSerializerCompiler({ check: true });
    expect(() => checking(route(listSchema))({ items: [{ id: 'one' }], totalCount: 1 })).toThrow();
    expect(checking(route(listSchema))(rows)).toBe(createResponseSerializerCompiler()(route(listSchema))(rows));

    const wrong = createResponseSerializerCompiler({ check: true, compile: () => () => '{"items":[],"totalCount":0}' });
    expect(() => wrong(route(listSchema))(rows)).toThrow(/differs from zod's for GET \/api\/v1\/things 200/);
  });
});
