import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dropdownOptionSchema } from '@ledgerport/shared';
import type { ModuleDeps } from '../module-deps.js';
import { createReferenceRepository } from './reference.repository.js';

/**
 * Reference data the forms offer (`company/...`). Public: the company-formation and onboarding
 * pages use it before anyone signs in, and it holds nothing private.
 */
export const referenceModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const reference = createReferenceRepository({ db });

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
      const rows = await reference.findStates();
      return rows.map((row) => ({ value: String(row.id), displayText: row.name }));
    },
  );
};
