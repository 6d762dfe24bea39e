import {
  COUPON_VERIFY_MESSAGE,
  COUPON_VERIFY_RESULT,
  couponCodeTakenMessage,
  type CouponDto,
  type CreateCouponInput,
  type DiscountType,
  type ListCouponsQuery,
  type PagedCoupons,
  type VerifyCouponResponse,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { ThrottleRepository } from '../auth/index.js';
import type { CouponRow, CouponsRepository } from './coupons.repository.js';

/** Who makes a change, for the audit trail. */
export interface Actor {
  userId: number;
  context: RequestContext;
}

/**
 * Verify is public (the formation payment page, spec 03): every call counts against the caller's IP,
 * which bounds guessing codes to a few dozen tries per window.
 */
export const COUPON_VERIFY_LIMITS = { perIp: 30, windowSeconds: 10 * 60 } as const;

const COUPON = 'coupon';
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function toDto(row: CouponRow): CouponDto {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    code: row.code,
    discountType: row.discountType as DiscountType,
    // numeric(12,2) arrives as exact text; two decimals are exact in a double for the JSON answer.
    discountValue: Number(row.discountValue),
    expirationDate: row.expirationDate.toISOString(),
    creationTime: row.createdAt.toISOString(),
    isActive: row.isActive,
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;

export function createCouponsService({
  db,
  coupons,
  throttle,
  audit,
}: {
  db: Db;
  coupons: CouponsRepository;
  throttle: ThrottleRepository;
  audit: AuditLog;
}) {
  async function throttleVerify(context: RequestContext): Promise<void> {
    const key = `coupon-verify:ip:${context.ipAddress}`;
    const wait = await throttle.retryAfterSeconds(key, COUPON_VERIFY_LIMITS.perIp, COUPON_VERIFY_LIMITS.windowSeconds);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many requests. Try again later.');
    await throttle.recordFailure(key, COUPON_VERIFY_LIMITS.windowSeconds);
  }

  return {
    async list(query: ListCouponsQuery): Promise<PagedCoupons> {
      const page = await coupons.findPage(query);
      return { items: page.items.map(toDto), totalCount: page.totalCount };
    },

    async isCodeAvailable(code: string): Promise<boolean> {
      return !(await coupons.isCodeTaken(code));
    },

    async create(actor: Actor, input: CreateCouponInput): Promise<CouponDto> {
      if (await coupons.isCodeTaken(input.code)) throw new ConflictError(couponCodeTakenMessage(input.code));
      try {
        const id = await db.transaction(async (tx) => {
          const created = await coupons.insert(
            {
              title: input.title,
              code: input.code,
              discountType: input.discountType,
              discountValue: input.discountValue.toFixed(2),
              expirationDate: new Date(input.expirationDate),
              createdByUserId: actor.userId,
            },
            tx,
          );
          await audit.record(
            actor.context,
            {
              action: AUDIT_ACTION.couponCreated,
              actorUserId: actor.userId,
              objectType: COUPON,
              objectId: created,
              details: { code: input.code },
            },
            tx,
          );
          return created;
        });
        return toDto((await coupons.findById(id))!);
      } catch (error) {
        // Two creators racing for one code: the lower(code) index decides.
        if (isUniqueViolation(error)) throw new ConflictError(couponCodeTakenMessage(input.code));
        throw error;
      }
    },

    /** `expected`: the If-Match versions (null: unconditional); a stale one answers 412 and changes nothing. */
    async setActive(actor: Actor, id: number, isActive: boolean, expected: string[] | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await coupons.setActive(id, isActive, expected, tx);
        if (!before) throw new NotFoundError('Coupon not found.');
        if (before.isActive === isActive) return;
        await audit.record(
          actor.context,
          {
            action: isActive ? AUDIT_ACTION.couponActivated : AUDIT_ACTION.couponDeactivated,
            actorUserId: actor.userId,
            objectType: COUPON,
            objectId: id,
            details: { code: before.code },
          },
          tx,
        );
      });
    },

    async verify(context: RequestContext, code: string): Promise<VerifyCouponResponse> {
      await throttleVerify(context);
      const row = await coupons.findByCode(code);
      if (!row) {
        return { coupon: null, resultType: COUPON_VERIFY_RESULT.unknown, resultMessage: COUPON_VERIFY_MESSAGE.unknown };
      }
      if (!row.isActive) {
        return {
          coupon: null,
          resultType: COUPON_VERIFY_RESULT.inactive,
          resultMessage: COUPON_VERIFY_MESSAGE.inactive,
        };
      }
      if (row.isExpired) {
        return { coupon: null, resultType: COUPON_VERIFY_RESULT.expired, resultMessage: COUPON_VERIFY_MESSAGE.expired };
      }
      return {
        coupon: {
          code: row.code,
          discountType: row.discountType as DiscountType,
          discountValue: Number(row.discountValue),
        },
        resultType: COUPON_VERIFY_RESULT.valid,
        resultMessage: COUPON_VERIFY_MESSAGE.valid,
      };
    },
  };
}
