import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { dropdownOptionSchema } from '@ledgerport/shared';
import { states } from '../../db/schema/index.js';
import type { ModuleDeps } from '../module-deps.js';

/**
 * Reference data the forms offer (`company/...`). Public: the company-formation and onboarding
 * pages use it before anyone signs in, and it holds nothing private.
 */
export const referenceModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/company/states/all',
    {
      config: { public: true },
      schema: {
        tags: ['company'],
        summary: 'US states and territories as dropdown options (value: state id)',
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async () => {
      const rows = await db.select({ id: states.id, name: states.name }).from(states).orderBy(asc(states.name));
      return rows.map((row) => ({ value: String(row.id), displayText: row.name }));
    },
  );
};
