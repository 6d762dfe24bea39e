import { BUSINESS_ENTITY_TYPE, DISCOUNT_TYPE, type FormationState } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { NonResidentOrderSummary, ResidentOrderSummary } from './order-summary';

const virginia: FormationState = {
  value: '47',
  displayText: 'Virginia',
  id: 47,
  name: 'Virginia',
  llcFilingFeeForResidents: 100,
  corporationFilingFeeForResidents: 75,
  checkBusinessNameAvailabilityUrl: 'https://cis.scc.virginia.gov/EntitySearch/Index',
};

/** The summary's lines as "label: amount" pairs, in order. */
function lines() {
  const summary = screen.getByRole('complementary', { name: 'Order summary' });
  const terms = within(summary).getAllByRole('term');
  const amounts = within(summary).getAllByRole('definition');
  return terms.map((term, index) => `${term.textContent}: ${amounts[index]?.textContent}`);
}

describe('ResidentOrderSummary', () => {
  it('prices a Virginia LLC without a coupon at $256.00', () => {
    renderWithProviders(
      <ResidentOrderSummary state={virginia} businessEntityType={BUSINESS_ENTITY_TYPE.llc} coupon={null} />,
    );
    expect(lines()).toEqual([
      'State filing fee: $100.00',
      'Payment processing fee (6%): $6.00',
      'Service fee: $150.00',
      'Total: $256.00',
    ]);
  });

  it("uses the state's Corporation fee for a Corporation", () => {
    renderWithProviders(
      <ResidentOrderSummary state={virginia} businessEntityType={BUSINESS_ENTITY_TYPE.corporation} coupon={null} />,
    );
    expect(lines()).toEqual([
      'State filing fee: $75.00',
      'Payment processing fee (6%): $4.50',
      'Service fee: $150.00',
      'Total: $229.50',
    ]);
  });

  it('shows the coupon line and takes a percentage of the service fee off the total', () => {
    renderWithProviders(
      <ResidentOrderSummary
        state={virginia}
        businessEntityType={BUSINESS_ENTITY_TYPE.llc}
        coupon={{ code: 'SPRING', discountType: DISCOUNT_TYPE.percentage, discountValue: 20 }}
      />,
    );
    expect(lines()).toContain('Coupon SPRING: −$30.00');
    expect(lines().at(-1)).toBe('Total: $226.00');
  });

  it('takes a fixed coupon off the service fee', () => {
    renderWithProviders(
      <ResidentOrderSummary
        state={virginia}
        businessEntityType={BUSINESS_ENTITY_TYPE.llc}
        coupon={{ code: 'TENOFF', discountType: DISCOUNT_TYPE.fixed, discountValue: 10 }}
      />,
    );
    expect(lines()).toContain('Coupon TENOFF: −$10.00');
    expect(lines().at(-1)).toBe('Total: $246.00');
  });

  it('asks for a state before it can show the filing fee and total', () => {
    renderWithProviders(
      <ResidentOrderSummary state={null} businessEntityType={BUSINESS_ENTITY_TYPE.llc} coupon={null} />,
    );
    expect(lines()).toEqual([
      'State filing fee: —',
      'Payment processing fee (6%): —',
      'Service fee: $150.00',
      'Total: —',
    ]);
    expect(screen.getByText('Choose a state to see its filing fee.')).toBeTruthy();
  });
});

describe('NonResidentOrderSummary', () => {
  it('shows the government fee line and the fixed total of $500.00', () => {
    renderWithProviders(<NonResidentOrderSummary />);
    expect(lines()).toEqual(['Government fee: $350.00', 'Service fee: $150.00', 'Total: $500.00']);
  });
});
