import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CardPayment } from './card-payment';

const stripeMock = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js', () => ({
  loadStripe: (key: string) => {
    stripeMock.loadStripe(key);
    return Promise.resolve({ confirmPayment: stripeMock.confirmPayment });
  },
}));

// Stripe's iframe cannot run here: the Elements wrapper is replaced by a stand-in that hands our form
// the same stripe object, so what is tested is our handling of Stripe's answer.
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment: stripeMock.confirmPayment }),
  useElements: () => ({}),
}));

interface Call {
  path: string;
  body: string | null;
}

function stubApi({
  provider = 'test' as 'test' | 'stripe',
  confirm = (): Response => jsonResponse({ status: 'succeeded' }),
} = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ path: url.pathname, body: init?.body ? String(init.body) : null });
      if (url.pathname.endsWith('/company/payments/config')) {
        return jsonResponse({ provider, publishableKey: provider === 'stripe' ? 'pk_test_123' : null });
      }
      if (url.pathname.endsWith('/company/payments/test-processor/confirm')) return confirm();
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  stripeMock.confirmPayment.mockReset();
});

const SECRET = 'pi_test_abc_secret_def';

function renderPayment() {
  const onSucceeded = vi.fn();
  const onError = vi.fn();
  renderWithProviders(
    <CardPayment clientSecret={SECRET} amountCents={25_600} onSucceeded={onSucceeded} onError={onError} />,
  );
  return { onSucceeded, onError, user: userEvent.setup() };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText(/^Card number/), number);
  await user.type(screen.getByLabelText(/^Expiration date/), '1234');
  await user.type(screen.getByLabelText(/^Security code/), '123');
  await user.type(screen.getByLabelText(/^Postal code/), '12345');
}

describe('CardPayment with the test processor', () => {
  it('shows the test-mode badge and hint, and the amount on the pay button', async () => {
    stubApi();
    renderPayment();
    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $256.00' })).toBeTruthy();
  });

  it('masks what is typed: groups the number, slashes the expiry, drops letters', async () => {
    stubApi();
    const { user } = renderPayment();
    await user.type(await screen.findByLabelText(/^Card number/), '4242a42424242424299');
    expect((screen.getByLabelText(/^Card number/) as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^Expiration date/), '1234');
    expect((screen.getByLabelText(/^Expiration date/) as HTMLInputElement).value).toBe('12/34');
  });

  it('pays with 4242 4242 4242 4242, sending only the outcome, last four and brand', async () => {
    const calls = stubApi();
    const { user, onSucceeded } = renderPayment();
    await fillCard(user, '4242424242424242');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1));
    const confirm = calls.find((c) => c.path.endsWith('/test-processor/confirm'))!;
    expect(JSON.parse(confirm.body!)).toEqual({
      clientSecret: SECRET,
      outcome: 'succeeded',
      last4: '4242',
      brand: 'visa',
    });
    for (const call of calls) expect(call.body ?? '').not.toMatch(/424242424242|4242 4242|123\b|12345/);
  });

  it('shows the provider’s decline message for 4000 0000 0000 0002 and stays on the form', async () => {
    const calls = stubApi({
      confirm: () => jsonResponse({ status: 'requires_payment_method', error: { message: 'Your card was declined.' } }),
    });
    const { user, onSucceeded, onError } = renderPayment();
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $256.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(onError).toHaveBeenCalledWith('Your card was declined.');
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Card number/)).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/confirm'))!.body!).outcome).toBe('card_declined');
  });

  it('shows the loading state on the pay button while the processor answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({ confirm: () => new Promise<Response>((resolve) => (answer = resolve)) as never });
    const { user } = renderPayment();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $256.00' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Pay \$256\.00/ }).hasAttribute('data-loading')).toBe(true),
    );
    answer(jsonResponse({ status: 'succeeded' }));
  });

  it('names an incomplete and a mistyped card in Stripe’s words and sends nothing', async () => {
    const calls = stubApi();
    const { user } = renderPayment();
    await user.type(await screen.findByLabelText(/^Card number/), '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Pay $256.00' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(screen.getByText('Your postal code is incomplete.')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/confirm'))).toHaveLength(0);
  });

  it('words a failed confirm call with the catalogue’s unexpected-error message', async () => {
    stubApi({ confirm: () => errorResponse(500, 'INTERNAL_ERROR') });
    const { user, onError } = renderPayment();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $256.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unexpected error has occurred, please try again later.',
    );
    expect(onError).toHaveBeenCalled();
  });
});

describe('CardPayment with Stripe', () => {
  it('loads Stripe with the publishable key and shows Stripe’s decline message, staying on the form', async () => {
    stubApi({ provider: 'stripe' });
    stripeMock.confirmPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const { user, onSucceeded, onError } = renderPayment();
    expect(await screen.findByTestId('payment-element')).toBeTruthy();
    expect(screen.queryByText('Test mode')).toBeNull();
    expect(stripeMock.loadStripe).toHaveBeenCalledWith('pk_test_123');
    await user.click(screen.getByRole('button', { name: 'Pay $256.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(stripeMock.confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(onError).toHaveBeenCalledWith('Your card was declined.');
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('calls onSucceeded when Stripe answers succeeded', async () => {
    stubApi({ provider: 'stripe' });
    stripeMock.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { user, onSucceeded } = renderPayment();
    await user.click(await screen.findByRole('button', { name: 'Pay $256.00' }));
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1));
  });
});
