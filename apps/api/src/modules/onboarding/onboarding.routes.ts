import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  altchaChallengeDtoSchema,
  captchaSettingsDtoSchema,
  dropdownOptionSchema,
  insertLeadInputSchema,
  leadClientInformationInputSchema,
  leadGeneralInfoInputSchema,
  leadIdHashDtoSchema,
  leadIdHashParamsSchema,
  leadIntakeAnswersInputSchema,
  leadQuoteInputSchema,
  onboardingEmailParamsSchema,
  onboardingEmailQuerySchema,
  onboardingServiceDtoSchema,
  publicLeadDtoSchema,
  servicePlanDtoSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { ifMatchOf, withEtag } from '../../lib/row-version.js';
import { contentDisposition, PDF_PREVIEW_CSP, SAFE_FILE_HEADERS } from '../documents/index.js';
import type { LookupName } from './onboarding.repository.js';
import type { OnboardingService } from './onboarding.service.js';

/** The public steps' If-Match (issue 21): as everywhere, except that the refusal names no one. */
const STEP_IF_MATCH_NOTE =
  "Send If-Match with the ETag (or `version`) of the lead's GET: a stale one (another window saved a step " +
  'since) answers 412 STALE_VERSION, naming no one, and changes nothing; without If-Match the step saves as before.';

const tags = ['document'];
/** The wizard is for prospects without an account (spec 03 section 6); every call is throttled per IP. */
const config = { public: true } as const;
const BASE = '/document/onboarding';
const noContent = { 204: z.null().describe('No content') };
const fileResponse = { 200: z.unknown().describe('The file, streamed') };

const LOOKUPS: Array<[string, LookupName, string]> = [
  ['industries', 'industries', 'Industries; the wizard adds the Other option (OTHER_INDUSTRY_VALUE)'],
  ['annual-sales-ranges', 'annualSalesRanges', 'Annual sales ranges'],
  ['employee-count-ranges', 'employeeCountRanges', 'Employee count ranges'],
  ['accounting-software-tools', 'accountingSoftwareTools', 'Accounting software tools'],
  ['acquisition-channels', 'acquisitionChannels', 'How the prospect heard of the firm'],
];

/** The public customer onboarding wizard (spec 03 section 7, Onboarding). */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  onboarding: OnboardingService;
  contactPositions: () => z.infer<typeof dropdownOptionSchema>[];
}> = async (app, { onboarding, contactPositions }) => {
  app.get(
    `${BASE}/contact-positions/all`,
    {
      config,
      schema: {
        tags,
        summary: 'Contact positions (1 owner, 2 co-owner, 3 director, 4 manager)',
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async () => contactPositions(),
  );

  for (const [path, name, summary] of LOOKUPS) {
    app.get(
      `${BASE}/${path}/all`,
      { config, schema: { tags, summary, response: { 200: z.array(dropdownOptionSchema) } } },
      async (request) => onboarding.lookup(name, requestContext(request)),
    );
  }

  app.get(
    `${BASE}/services/all`,
    {
      config,
      schema: {
        tags,
        summary: 'The services a prospect can ask for (tax, bookkeeping, payroll)',
        response: { 200: z.array(onboardingServiceDtoSchema) },
      },
    },
    async (request) => onboarding.services(requestContext(request)),
  );

  app.get(
    `${BASE}/captcha`,
    {
      config,
      schema: {
        tags,
        summary: 'Which captcha the general-info form shows',
        response: { 200: captchaSettingsDtoSchema },
      },
    },
    async () => onboarding.captchaSettings(),
  );

  app.get(
    `${BASE}/captcha/challenge`,
    {
      config,
      schema: {
        tags,
        summary: 'A signed ALTCHA proof-of-work challenge (10 minutes, single use); 404 when reCAPTCHA is in use',
        response: { 200: altchaChallengeDtoSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return onboarding.captchaChallenge(requestContext(request));
    },
  );

  app.get(
    `${BASE}/email-address/:emailAddress/is-available`,
    {
      config,
      schema: {
        tags,
        summary:
          'Whether no user has this e-mail address (case-insensitive), for a lead at its create-account step; ' +
          'throttled per IP and per lead',
        params: onboardingEmailParamsSchema,
        querystring: onboardingEmailQuerySchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) =>
      onboarding.isEmailAddressAvailable(
        request.params.emailAddress,
        request.query.leadIdHash,
        requestContext(request),
      ),
  );

  app.post(
    `${BASE}/leads`,
    {
      config,
      schema: {
        tags,
        summary: 'Create a lead from the general info and a solved captcha; answers its unguessable idHash',
        body: insertLeadInputSchema,
        response: { 201: leadIdHashDtoSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await onboarding.insertLead(request.body, requestContext(request))),
  );

  app.get(
    `${BASE}/leads/:idHash`,
    {
      config,
      schema: {
        tags,
        summary: 'What the wizard resumes from; never reads back sensitive values',
        params: leadIdHashParamsSchema,
        response: { 200: publicLeadDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await onboarding.getByIdHash(request.params.idHash, requestContext(request))),
  );

  app.put(
    `${BASE}/leads/:idHash/general-info`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit the general info',
        description: STEP_IF_MATCH_NOTE,
        params: leadIdHashParamsSchema,
        body: leadGeneralInfoInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await onboarding.updateGeneralInfo(
        request.params.idHash,
        request.body,
        requestContext(request),
        ifMatchOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/leads/:idHash/intake-interview-answers`,
    {
      config,
      schema: {
        tags,
        summary: 'Answer the intake questions (answers of unselected services are stored empty)',
        description: STEP_IF_MATCH_NOTE,
        params: leadIdHashParamsSchema,
        body: leadIntakeAnswersInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await onboarding.updateIntakeAnswers(
        request.params.idHash,
        request.body,
        requestContext(request),
        ifMatchOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/leads/:idHash/service-plans`,
    {
      config,
      schema: {
        tags,
        summary: 'The plans offered for the chosen services (fee null: custom price)',
        params: leadIdHashParamsSchema,
        response: { 200: z.array(servicePlanDtoSchema) },
      },
    },
    async (request) => onboarding.servicePlans(request.params.idHash, requestContext(request)),
  );

  app.put(
    `${BASE}/leads/:idHash/quote`,
    {
      config,
      schema: {
        tags,
        summary: 'Choose the plans (each chosen service exactly once)',
        description: STEP_IF_MATCH_NOTE,
        params: leadIdHashParamsSchema,
        body: leadQuoteInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await onboarding.updateQuote(request.params.idHash, request.body, requestContext(request), ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/leads/:idHash/contract`,
    {
      config,
      schema: {
        tags,
        summary: 'Accept the contract',
        description: STEP_IF_MATCH_NOTE,
        params: leadIdHashParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await onboarding.acceptContract(request.params.idHash, requestContext(request), ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  for (const disposition of ['download', 'preview'] as const) {
    app.get(
      `${BASE}/leads/:idHash/contract/${disposition}`,
      {
        exposeHeadRoute: false,
        config,
        schema: {
          tags,
          summary:
            disposition === 'download'
              ? 'The contract PDF as an attachment (Contract-<company>-MMDDYYYY.pdf)'
              : 'The contract PDF inline, under a locked-down CSP',
          params: leadIdHashParamsSchema,
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await onboarding.contract(request.params.idHash, requestContext(request));
        reply.headers(SAFE_FILE_HEADERS).header('content-type', 'application/pdf');
        if (disposition === 'preview') {
          reply
            .header('content-security-policy', PDF_PREVIEW_CSP)
            .header('content-disposition', contentDisposition('inline', fileName));
        } else {
          reply.header('content-disposition', contentDisposition('attachment', fileName));
        }
        return reply.send(stream);
      },
    );
  }

  app.put(
    `${BASE}/leads/:idHash/client-information`,
    {
      config,
      schema: {
        tags,
        summary: 'Create the account (username = e-mail) and its business client; then sign in',
        description: STEP_IF_MATCH_NOTE,
        params: leadIdHashParamsSchema,
        body: leadClientInformationInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await onboarding.updateClientInformation(
        request.params.idHash,
        request.body,
        requestContext(request),
        ifMatchOf(request),
      );
      return reply.status(204).send(null);
    },
  );
};
