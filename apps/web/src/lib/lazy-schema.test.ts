import { types } from 'node:util';
import { meDtoSchema, pagedSchema } from '@ledgerport/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  const personShape = () => z.object({ name: z.string().min(1), age: z.number().int().nullable() });

  it('builds the schema only when something first uses it, and only once', () => {
    const build = vi.fn(personShape);
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.parse({ name: 'Ada', age: null })).toEqual({ name: 'Ada', age: null });
    expect(schema.safeParse({ name: '', age: 1.5 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('behaves as the schema it builds: derived schemas, shape, composition, instanceof', () => {
    const person = lazySchema(personShape);

    const withEmail = person.extend({ email: z.email() });
    expect(withEmail.safeParse({ name: 'Ada', age: 36, email: 'ada@example.com' }).success).toBe(true);
    expect(Object.keys(person.shape)).toEqual(['name', 'age']);
    expect(person.pick({ name: true }).parse({ name: 'Ada', age: 'ignored' })).toEqual({ name: 'Ada' });

    const team = z.object({ lead: person, members: z.array(person) });
    expect(team.safeParse({ lead: { name: 'Ada', age: 1 }, members: [{ name: '', age: 1 }] }).success).toBe(false);
    expect(person.optional().parse(undefined)).toBeUndefined();
    expect(person instanceof z.ZodObject).toBe(true);
    expect('_zod' in person).toBe(true);
  });

  it('works as a form resolver', async () => {
    const resolver = zodResolver(lazySchema(personShape));
    const result = await resolver({ name: '', age: null }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toHaveProperty('name');
  });

  it("is applied to the shared contract's schemas in the web build (vite.config.ts)", () => {
    expect(types.isProxy(meDtoSchema)).toBe(true);
    // Composed by a helper at run time, as the features do.
    const page = pagedSchema(meDtoSchema).safeParse({ items: [{ id: 'not a number' }], totalCount: 1 });
    expect(page.success).toBe(false);
  });
});
