import { describe, expect, it } from 'vitest';
import { canChangeContractor, formatAddress, formatUsd, needsAction, payBlockReason } from './contractor-rules';

describe('pay and submit enablement', () => {
  it('is enabled with an unpaid fee and no contractor at 0', () => {
    expect(payBlockReason({ totalUnpaidServiceFee: 30, hasAnyItemWithZeroTotalPayment: false })).toBeNull();
  });

  it('is disabled while nothing is unpaid or the list has not loaded', () => {
    expect(payBlockReason({ totalUnpaidServiceFee: 0, hasAnyItemWithZeroTotalPayment: false })).toBe('nothingUnpaid');
    expect(payBlockReason(undefined)).toBe('nothingUnpaid');
  });

  it('is disabled while any contractor has a total payment of 0', () => {
    expect(payBlockReason({ totalUnpaidServiceFee: 15, hasAnyItemWithZeroTotalPayment: true })).toBe('zeroTotal');
  });
});

describe('row rules', () => {
  it('lets only unpaid contractors of the current tax year be edited or deleted', () => {
    expect(canChangeContractor({ isPaid: false, taxYear: 2026 }, 2026)).toBe(true);
    expect(canChangeContractor({ isPaid: true, taxYear: 2026 }, 2026)).toBe(false);
    expect(canChangeContractor({ isPaid: false, taxYear: 2025 }, 2026)).toBe(false);
  });

  it('flags a contractor with nothing paid to it', () => {
    expect(needsAction({ totalPayment: 0 })).toBe(true);
    expect(needsAction({ totalPayment: 0.01 })).toBe(false);
  });

  it('shows dollars and a one-line address', () => {
    expect(formatUsd(1250.5)).toBe('$1,250.50');
    expect(
      formatAddress({
        addressLine1: '1 Main St',
        addressLine2: null,
        city: 'Austin',
        stateName: 'Texas',
        zipCode: '73301',
      }),
    ).toBe('1 Main St, Austin, Texas, 73301');
  });
});
