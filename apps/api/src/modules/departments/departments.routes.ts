import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, dropdownOptionSchema } from '@ledgerport/shared';
import type { DepartmentsRepository } from './departments.repository.js';

export const departmentsRoutes: FastifyPluginAsyncZod<{ departments: DepartmentsRepository }> = async (
  app,
  { departments },
) => {
  app.get(
    '/identity/departments/all',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: 'All departments as dropdown options',
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async () => {
      const rows = await departments.findAll();
      return rows.map((row) => ({ value: String(row.id), displayText: row.displayName }));
    },
  );
};
