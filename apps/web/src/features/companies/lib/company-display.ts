import {
  BUSINESS_ENTITY_DESIGNATOR,
  EMPTY_VALUE,
  PAYMENT_STATUS,
  orEmpty,
  type PaymentStatus,
} from '@ledgerport/shared';

/** Empty values on Company details (spec 03: "Empty values show a filler"): the app's one filler. */
export const FILLER = EMPTY_VALUE;
export const orFiller = orEmpty;

/** "Blue Ridge LLC", "Acme Corp.": the entity type's designator after the legal name. */
export function legalNameWithDesignator(legalName: string, businessEntityTypeId: number): string {
  const designator = BUSINESS_ENTITY_DESIGNATOR[businessEntityTypeId];
  return designator ? `${legalName} ${designator}` : legalName;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Spec 03 section 9: US dollar format, locale en-US. */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** Spec 03 section 4: pending orange, paid green, failed and canceled red. */
export const PAYMENT_STATUS_COLOR: Record<PaymentStatus, string> = {
  [PAYMENT_STATUS.pending]: 'orange',
  [PAYMENT_STATUS.paid]: 'green',
  [PAYMENT_STATUS.failed]: 'red',
  [PAYMENT_STATUS.canceled]: 'red',
};
