import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  couponAvailabilitySchema,
  couponCodeParamsSchema,
  couponDtoSchema,
  createCouponInputSchema,
  idParamsSchema,
  listCouponsQuerySchema,
  pagedCouponsSchema,
  verifyCouponParamsSchema,
  verifyCouponResponseSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { Actor, CouponsService } from './coupons.service.js';

const TAGS = ['coupon'];
const noContent = { 204: z.null().describe('No content') };

function actorOf(request: FastifyRequest): Actor {
  return { userId: principalOf(request).userId, context: requestContext(request) };
}

/** Coupons (spec 02 Coupons, sections 3, 5, 7 and 8; verify is used by the formation payment of spec 03). */
export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, { coupons }) => {
  app.get(
    '/company/coupons',
    {
      config: { permission: 'coupon:list' },
      schema: {
        tags: TAGS,
        summary: 'Coupons, newest first unless sorted otherwise',
        querystring: listCouponsQuerySchema,
        response: { 200: pagedCouponsSchema },
      },
    },
    async (request) => coupons.list(request.query),
  );

  app.post(
    '/company/coupons',
    {
      config: { permission: 'coupon:add' },
      schema: {
        tags: TAGS,
        summary: 'Create a coupon; its code is unique in any case (409 when taken)',
        body: createCouponInputSchema,
        response: { 201: couponDtoSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await coupons.create(actorOf(request), request.body)),
  );

  app.patch(
    '/company/coupons/:id/activate',
    {
      config: { permission: 'coupon:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Activate a coupon',
        description: `The list row's version. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await coupons.setActive(actorOf(request), request.params.id, true, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/company/coupons/:id/deactivate',
    {
      config: { permission: 'coupon:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Deactivate a coupon',
        description: `The list row's version. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await coupons.setActive(actorOf(request), request.params.id, false, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/company/coupons/code/:code/is-available',
    {
      config: { permission: 'coupon:add' },
      schema: {
        tags: TAGS,
        summary: 'Whether no coupon has this code (case-insensitive)',
        params: couponCodeParamsSchema,
        response: { 200: couponAvailabilitySchema },
      },
    },
    async (request) => coupons.isCodeAvailable(request.params.code),
  );

  app.get(
    '/company/coupons/:code/verify',
    {
      // The public company-formation payment page (spec 03) applies coupons before anyone has an
      // account; the answer carries only what pricing needs, and calls are throttled per IP.
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'Whether a code can be applied now: the coupon, or null and the reason',
        params: verifyCouponParamsSchema,
        response: { 200: verifyCouponResponseSchema },
      },
    },
    async (request) => coupons.verify(requestContext(request), request.params.code),
  );
};
