import {
  formatAddress as formatAddressParts,
  type ContractorListDto,
  type ContractorListItemDto,
} from '@ledgerport/shared';

export type PayBlockReason = 'nothingUnpaid' | 'zeroTotal';

/**
 * Spec 03 section 4: pay-and-submit is disabled while no service fee is unpaid or while any
 * contractor still has a total payment of 0 (it would be filed with nothing to report). Until the
 * list has loaded there is nothing to pay for either.
 */
export function payBlockReason(
  list: Pick<ContractorListDto, 'totalUnpaidServiceFee' | 'hasAnyItemWithZeroTotalPayment'> | undefined,
): PayBlockReason | null {
  if (!list || list.totalUnpaidServiceFee <= 0) return 'nothingUnpaid';
  if (list.hasAnyItemWithZeroTotalPayment) return 'zeroTotal';
  return null;
}

/** Edit and delete: only the current tax year's contractors, and only before they are paid. */
export function canChangeContractor(row: Pick<ContractorListItemDto, 'isPaid' | 'taxYear'>, currentYear: number) {
  return !row.isPaid && row.taxYear === currentYear;
}

/** A client user is asked to act on a contractor reported with nothing paid to it. */
export function needsAction(row: Pick<ContractorListItemDto, 'totalPayment'>) {
  return row.totalPayment === 0;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Amounts are shown in US dollars, en-US (spec 03 section 9). */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** One line, as every address of the app: "12 Main St, Suite 4, Springfield, Illinois, 62701". */
export function formatAddress(
  row: Pick<ContractorListItemDto, 'addressLine1' | 'addressLine2' | 'city' | 'stateName' | 'zipCode'>,
): string {
  return formatAddressParts({ ...row, state: row.stateName }) ?? '';
}
