import type { BalanceDto } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { AccountBalance, isBalanced } from './account-balance';

const balance: BalanceDto = {
  startingBalance: 1000.1,
  startingBalanceDate: '2025-03-01',
  endingBalance: 1200.3,
  endingBalanceDate: '2025-03-31',
  isoCurrencyCode: 'USD',
};
const CHECK = 'Starting balance plus the month’s transactions equals the ending balance';

describe('AccountBalance', () => {
  it('checks starting balance plus the month’s amounts against the ending balance, to the cent', () => {
    expect(isBalanced(balance, 20020)).toBe(true);
    expect(isBalanced(balance, 20019)).toBe(false);
    expect(isBalanced(balance, null)).toBe(false);
  });

  it('shows both balances with their dates and currency, and the check mark when they add up', () => {
    renderWithProviders(<AccountBalance balance={balance} monthTotalCents={20020} />);
    expect(screen.getByText('$1,000.10')).toBeTruthy();
    expect(screen.getByText('on 03.01.2025')).toBeTruthy();
    expect(screen.getByText('$1,200.30')).toBeTruthy();
    expect(screen.getByText('on 03.31.2025')).toBeTruthy();
    expect(screen.getByRole('img', { name: CHECK })).toBeTruthy();
  });

  it('shows no check mark when they do not add up, and nothing without a balance', () => {
    const { unmount } = renderWithProviders(<AccountBalance balance={balance} monthTotalCents={100} />);
    expect(screen.queryByRole('img', { name: CHECK })).toBeNull();
    unmount();
    renderWithProviders(<AccountBalance balance={undefined} monthTotalCents={100} />);
    expect(screen.queryByRole('region', { name: 'Balances' })).toBeNull();
  });
});
