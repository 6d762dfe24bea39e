import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { PayAndSubmit } from './pay-and-submit';

/** A fake API: `intent` answers the payment-intent call; the test processor confirms every card. */
function stubApi(intent: () => Response) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const { pathname } = new URL(input, 'http://localhost');
      paths.push(pathname);
      if (pathname.endsWith('/document/contractors/payment-intent')) return intent();
      if (pathname.endsWith('/company/payments/config'))
        return jsonResponse({ provider: 'test', publishableKey: null });
      if (pathname.endsWith('/company/payments/test-processor/confirm')) return jsonResponse({ status: 'succeeded' });
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
  return paths;
}

afterEach(() => vi.unstubAllGlobals());

const PAYABLE = { totalUnpaidServiceFee: 45, hasAnyItemWithZeroTotalPayment: false };

function renderPay(list: typeof PAYABLE | undefined = PAYABLE) {
  const onReload = vi.fn();
  renderWithProviders(<PayAndSubmit list={list} onReload={onReload} />);
  return { onReload, user: userEvent.setup() };
}

const payButton = () => screen.getByRole('button', { name: 'Pay and submit' }) as HTMLButtonElement;

describe('PayAndSubmit', () => {
  it('is disabled when nothing is unpaid or a contractor has a zero total', () => {
    stubApi(() => errorResponse(500, 'ERROR'));
    const { unmount } = renderWithProviders(
      <PayAndSubmit list={{ totalUnpaidServiceFee: 0, hasAnyItemWithZeroTotalPayment: false }} onReload={vi.fn()} />,
    );
    expect(payButton().disabled).toBe(true);
    unmount();
    renderPay({ totalUnpaidServiceFee: 45, hasAnyItemWithZeroTotalPayment: true });
    expect(payButton().disabled).toBe(true);
  });

  it('opens the card form for the amount, then after the confirmation waits, announces success and reloads', async () => {
    const paths = stubApi(() =>
      jsonResponse({ resultType: 1, stripePaymentClientSecret: 'pi_1_secret_2', paymentAmount: 45 }),
    );
    const { user, onReload } = renderPay();
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Pay and submit' });
    expect(dialog.textContent).toContain('The service fee for your unpaid contractors is $45.00.');
    await user.type(await screen.findByLabelText(/^Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/^Expiration date/), '1234');
    await user.type(screen.getByLabelText(/^Security code/), '123');
    await user.type(screen.getByLabelText(/^Postal code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Pay $45.00' }));
    expect(await screen.findByText('Payment received. Finishing…')).toBeTruthy();
    // The provider's event marks the contractors paid; the page gives it 2 seconds before reloading.
    expect(onReload).not.toHaveBeenCalled();
    expect(
      await screen.findByText(
        'Your payment has succeeded. Your contractors have been submitted',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(onReload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay and submit' })).toBeNull());
    expect(paths.filter((path) => path.endsWith('/test-processor/confirm'))).toHaveLength(1);
  });

  it('tells a client with nothing unpaid and reloads the list', async () => {
    stubApi(() => jsonResponse({ resultType: 2, stripePaymentClientSecret: null, paymentAmount: null }));
    const { user, onReload } = renderPay();
    await user.click(payButton());
    expect(await screen.findByText('You have no unpaid contractor')).toBeTruthy();
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a client whose payment is already processing or succeeded, without a card form', async () => {
    stubApi(() => jsonResponse({ resultType: 3, stripePaymentClientSecret: null, paymentAmount: null }));
    const { user, onReload } = renderPay();
    await user.click(payButton());
    expect(
      await screen.findByText('A payment for your contractors is already processing or has succeeded'),
    ).toBeTruthy();
    expect(onReload).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks to refresh and retry when the payment cannot be started', async () => {
    stubApi(() => errorResponse(500, 'ERROR'));
    const { user } = renderPay();
    await user.click(payButton());
    expect(
      await screen.findByText('An error occurred. The payment could not be started. Refresh the page and try again'),
    ).toBeTruthy();
  });
});
