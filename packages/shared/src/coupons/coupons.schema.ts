import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { listQuerySchema, pagedSchema } from '../common/list.schema.js';

/** Contract of the coupons feature (spec 02 Coupons, issue 7; verified by the formation payment of spec 03). */

/** Spec 02 section 3: percentage 1, fixed 2; the create form starts on fixed. */
export const DISCOUNT_TYPE = { percentage: 1, fixed: 2 } as const;
export type DiscountType = (typeof DISCOUNT_TYPE)[keyof typeof DISCOUNT_TYPE];
export const DEFAULT_DISCOUNT_TYPE: DiscountType = DISCOUNT_TYPE.fixed;

export const COUPON_LIMITS = {
  /** Codes travel in URL paths (availability, verify): kept short and to URL-safe characters. */
  codeLength: 50,
  maxPercentage: 100,
  /** The column is numeric(12,2): ten digits before the point. */
  maxDiscountValue: 9_999_999_999.99,
} as const;

export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Stable messages of rules the web app words itself (see lib/form-resolver's contractMessages). */
export const COUPON_VALIDATION = {
  codeCharacters: 'A coupon code may contain only letters, digits, - and _.',
  twoDecimals: 'A discount value has at most two decimal places.',
  percentageOver100: 'A percentage discount cannot exceed 100.',
  expirationInPast: 'The expiration date cannot be earlier than now.',
} as const;

export const COUPON_SORT_KEYS = [
  'title',
  'code',
  'discountType',
  'discountValue',
  'expirationDate',
  'creationTime',
  'isActive',
] as const;

/** Spec 02 section 8: the taken message of the create form and of the API's 409. */
export function couponCodeTakenMessage(code: string): string {
  return `${code} is already taken. Try another.`;
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const couponCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(COUPON_LIMITS.codeLength)
  .regex(COUPON_CODE_PATTERN, { message: COUPON_VALIDATION.codeCharacters });

export const discountTypeSchema = z.union([z.literal(DISCOUNT_TYPE.percentage), z.literal(DISCOUNT_TYPE.fixed)]);

export const couponDtoSchema = z.object({
  id: z.number().int(),
  /** The version activate and deactivate send back as `If-Match`; it moves with every change. */
  version: z.string(),
  title: z.string(),
  code: z.string(),
  discountType: discountTypeSchema,
  /** Dollars for a fixed discount, percent for a percentage one; two decimal places at most. */
  discountValue: z.number(),
  expirationDate: z.string(),
  creationTime: z.string(),
  isActive: z.boolean(),
});
export type CouponDto = z.infer<typeof couponDtoSchema>;

export const listCouponsQuerySchema = listQuerySchema;
export type ListCouponsQuery = z.infer<typeof listCouponsQuerySchema>;

export const pagedCouponsSchema = pagedSchema(couponDtoSchema);
export type PagedCoupons = z.infer<typeof pagedCouponsSchema>;

/**
 * `POST company/coupons`. The expiration is an instant: the web app sends the end of the chosen day
 * in the user's time zone, so a coupon chosen to expire today is usable until midnight.
 */
export const createCouponInputSchema = z
  .object({
    title: z.string().trim().min(1).max(TEXT_LIMIT.name),
    code: couponCodeSchema,
    discountType: discountTypeSchema,
    discountValue: z
      .number()
      .min(0)
      .max(COUPON_LIMITS.maxDiscountValue)
      .refine(hasAtMostTwoDecimals, { message: COUPON_VALIDATION.twoDecimals }),
    expirationDate: z.iso
      .datetime({ offset: true })
      // An unreadable date already failed the format check: one message per field is enough.
      .refine((value) => Number.isNaN(Date.parse(value)) || Date.parse(value) >= Date.now(), {
        message: COUPON_VALIDATION.expirationInPast,
      }),
  })
  .superRefine((input, context) => {
    if (input.discountType === DISCOUNT_TYPE.percentage && input.discountValue > COUPON_LIMITS.maxPercentage) {
      context.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: COUPON_VALIDATION.percentageOver100,
      });
    }
  });
export type CreateCouponInput = z.infer<typeof createCouponInputSchema>;

export const createdCouponSchema = couponDtoSchema;

export const couponCodeParamsSchema = z.object({ code: couponCodeSchema });
/** `true` when no coupon has this code, in any case. */
export const couponAvailabilitySchema = z.boolean();

/** Verify takes whatever a prospect typed: an unusual code is simply unknown, not a bad request. */
export const verifyCouponParamsSchema = z.object({
  code: z.string().trim().min(1).max(TEXT_LIMIT.shortText),
});

/** What the public formation payment page may learn of a coupon: enough to price, nothing more. */
export const verifiedCouponSchema = z.object({
  code: z.string(),
  discountType: discountTypeSchema,
  discountValue: z.number(),
});
export type VerifiedCoupon = z.infer<typeof verifiedCouponSchema>;

/** Why a code was refused (or accepted), for callers that branch rather than show the message. */
export const COUPON_VERIFY_RESULT = { valid: 1, unknown: 2, inactive: 3, expired: 4 } as const;
export type CouponVerifyResult = (typeof COUPON_VERIFY_RESULT)[keyof typeof COUPON_VERIFY_RESULT];

/** `GET company/coupons/{code}/verify`: a coupon only when it can be applied now. */
export const verifyCouponResponseSchema = z.object({
  coupon: verifiedCouponSchema.nullable(),
  resultType: z.union([
    z.literal(COUPON_VERIFY_RESULT.valid),
    z.literal(COUPON_VERIFY_RESULT.unknown),
    z.literal(COUPON_VERIFY_RESULT.inactive),
    z.literal(COUPON_VERIFY_RESULT.expired),
  ]),
  resultMessage: z.string(),
});
export type VerifyCouponResponse = z.infer<typeof verifyCouponResponseSchema>;

export const COUPON_VERIFY_MESSAGE = {
  valid: 'The coupon has been applied.',
  unknown: 'This coupon code does not exist.',
  inactive: 'This coupon is no longer active.',
  expired: 'This coupon has expired.',
} as const;
