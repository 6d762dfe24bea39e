import { describe, expect, it } from 'vitest';
import { contractTermsText } from '../lead-contract.js';

const CUSTOM = 'A custom price is agreed with the Client separately';

describe('the contract terms', () => {
  it('leave out the custom price when every chosen plan has a fixed fee', () => {
    expect(contractTermsText([{ fee: 250 }, { fee: 1200 }])).not.toContain(CUSTOM);
    expect(contractTermsText([{ fee: 250 }])).toBe(
      'Fees are charged in advance for each billing period. Either party may end this agreement with 30 days ' +
        'written notice.',
    );
  });

  it('say the custom price is agreed separately when a chosen plan has none', () => {
    expect(contractTermsText([{ fee: 250 }, { fee: null }])).toMatch(new RegExp(`^${CUSTOM}`));
  });

  it('leave it out when no plan is chosen yet', () => {
    expect(contractTermsText([])).not.toContain(CUSTOM);
  });
});
