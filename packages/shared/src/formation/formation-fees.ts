import { DISCOUNT_TYPE, type DiscountType } from '../coupons/coupons.schema.js';
import { BUSINESS_ENTITY_TYPE, type BusinessEntityType, FORMATION_FEES } from './formation.schema.js';

/**
 * The order summary of a formation, in integer cents (spec 03 section 9). The server charges what this
 * computes; the wizard's sidebar shows the same numbers.
 */
export interface FormationFeeBreakdown {
  stateFilingFeeCents: number;
  processingFeeCents: number;
  /** The service fee before any coupon. */
  serviceFeeCents: number;
  /** What the coupon took off the service fee (0 without a coupon). */
  discountCents: number;
  totalCents: number;
}

/** A verified coupon as priced: `discountValue` is dollars (fixed) or percent (percentage). */
export interface FormationCoupon {
  discountType: DiscountType;
  discountValue: number;
}

/** The state's resident filing fees in dollars, as `GET company/states/all` gives them. */
export interface StateFilingFees {
  llcFilingFeeForResidents: number | null;
  corporationFilingFeeForResidents: number | null;
}

/** Dollars with at most two decimals to cents, without binary-float drift (12.34 * 100 = 1233.999...). */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
export const centsToDollars = (cents: number): number => cents / 100;

/** The state's resident filing fee for the entity type in cents; null when we do not form there. */
export function stateFilingFeeCents(state: StateFilingFees, businessEntityType: BusinessEntityType): number | null {
  const dollars =
    businessEntityType === BUSINESS_ENTITY_TYPE.corporation
      ? state.corporationFilingFeeForResidents
      : state.llcFilingFeeForResidents;
  return dollars === null ? null : dollarsToCents(dollars);
}

/**
 * The coupon's discount on the service fee. A fixed coupon takes its value off, a percentage coupon that
 * percent of the fee; either way never more than the fee itself. Half cents round half up (in the
 * prospect's favour on the discount), so 15% of 150.00 is 22.50 and 33.33% of 150.00 is 50.00.
 */
export function serviceFeeDiscountCents(serviceFeeCents: number, coupon: FormationCoupon | null): number {
  if (!coupon) return 0;
  const discount =
    coupon.discountType === DISCOUNT_TYPE.fixed
      ? dollarsToCents(coupon.discountValue)
      : // Integer hundredths of a percent keep the product exact, so only the final halving rounds.
        Math.round((serviceFeeCents * Math.round(coupon.discountValue * 100)) / 10_000);
  return Math.min(Math.max(discount, 0), serviceFeeCents);
}

/**
 * Resident formation: filing fee + 6% processing fee of the filing fee (rounded half up to the cent) +
 * the service fee less the coupon. Virginia LLC, no coupon: 100.00 + 6.00 + 150.00 = 256.00.
 */
export function residentFormationFees(filingFeeCents: number, coupon: FormationCoupon | null): FormationFeeBreakdown {
  const processingFeeCents = Math.round((filingFeeCents * Math.round(FORMATION_FEES.processingFeeRate * 100)) / 100);
  const serviceFeeCents = FORMATION_FEES.serviceFeeCents;
  const discountCents = serviceFeeDiscountCents(serviceFeeCents, coupon);
  return {
    stateFilingFeeCents: filingFeeCents,
    processingFeeCents,
    serviceFeeCents,
    discountCents,
    totalCents: filingFeeCents + processingFeeCents + serviceFeeCents - discountCents,
  };
}

/** Non-resident formation: a fixed 500.00, shown as the government fee line plus the service fee. */
export function nonResidentFormationFees(): FormationFeeBreakdown {
  return {
    stateFilingFeeCents: FORMATION_FEES.nonResidentGovernmentFeeCents,
    processingFeeCents: FORMATION_FEES.nonResidentProcessingFeeCents,
    serviceFeeCents: FORMATION_FEES.nonResidentServiceFeeCents,
    discountCents: 0,
    totalCents: FORMATION_FEES.nonResidentTotalCents,
  };
}
