import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { countiesQuerySchema, countySchema, formationStateSchema, referenceOptionsSchema } from '@ledgerport/shared';
import type { ModuleDeps } from '../module-deps.js';
import { createReferenceRepository } from './reference.repository.js';

/** Seeded by migrations and never changed at run time, so browsers and proxies may keep it a while. */
const CACHE_CONTROL = 'public, max-age=3600';

const toOptions = (rows: Array<{ id: number; name: string }>) =>
  rows.map((row) => ({ value: String(row.id), displayText: row.name }));

const dollars = (value: string | null) => (value === null ? null : Number(value));

/**
 * Reference data the forms offer (`company/.../all`). Public: the company-formation and onboarding
 * pages use it before anyone signs in, and it holds nothing private.
 */
export const referenceModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const reference = createReferenceRepository({ db });
  const cached = <T>(reply: FastifyReply, body: T) => {
    reply.header('cache-control', CACHE_CONTROL);
    return body;
  };

  app.get(
    '/company/states/all',
    {
      config: { public: true },
      schema: {
        tags: ['company'],
        summary: 'US states and territories by name, with resident filing fees and the name-availability search',
        response: { 200: z.array(formationStateSchema) },
      },
    },
    async (_request, reply) => {
      const rows = await reference.findStates();
      return cached(
        reply,
        rows.map((row) => ({
          value: String(row.id),
          displayText: row.name,
          id: row.id,
          name: row.name,
          llcFilingFeeForResidents: dollars(row.llcFilingFeeForResidents),
          corporationFilingFeeForResidents: dollars(row.corporationFilingFeeForResidents),
          checkBusinessNameAvailabilityUrl: row.checkBusinessNameAvailabilityUrl,
        })),
      );
    },
  );

  app.get(
    '/company/counties/all',
    {
      config: { public: true },
      schema: {
        tags: ['company'],
        summary: "A state's counties and county equivalents by name (every state's without stateId)",
        querystring: countiesQuerySchema,
        response: { 200: z.array(countySchema) },
      },
    },
    async (request, reply) => cached(reply, await reference.findCounties(request.query.stateId)),
  );

  const optionLists = [
    ['/company/industries/all', 'Industries by name', reference.findIndustries],
    [
      '/company/business-entity-types/all',
      'Business entity types (1 LLC, 2 Corporation)',
      reference.findBusinessEntityTypes,
    ],
    [
      '/company/registered-agent-types/all',
      'Registered agent types (1 Individual, 2 Company)',
      reference.findRegisteredAgentTypes,
    ],
    [
      '/company/management-structures/all',
      'Management structures (1 Manager, 2 Member)',
      reference.findManagementStructures,
    ],
    [
      '/company/organizer-titles/all',
      'Organizer titles: President, Vice President, Treasurer, Secretary',
      reference.findOrganizerTitles,
    ],
  ] as const;

  for (const [url, summary, find] of optionLists) {
    app.get(
      url,
      {
        config: { public: true },
        schema: { tags: ['company'], summary, response: { 200: referenceOptionsSchema } },
      },
      async (_request, reply) => cached(reply, toOptions(await find())),
    );
  }
};
