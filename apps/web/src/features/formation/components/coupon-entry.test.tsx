import { DISCOUNT_TYPE, type VerifiedCoupon } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CouponEntry } from './coupon-entry';

const SPRING: VerifiedCoupon = { code: 'SPRING', discountType: DISCOUNT_TYPE.percentage, discountValue: 20 };

/** verify answers SPRING with the coupon, FAIL with a server error and anything else as unknown. */
function stubVerify() {
  const codes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const code = decodeURIComponent(new URL(input, 'http://localhost').pathname.split('/').at(-2)!);
      codes.push(code);
      if (code === 'FAIL') return errorResponse(500, 'INTERNAL');
      if (code === 'SPRING') {
        return jsonResponse({ coupon: SPRING, resultType: 1, resultMessage: 'The coupon has been applied.' });
      }
      return jsonResponse({ coupon: null, resultType: 2, resultMessage: 'This coupon code does not exist.' });
    }),
  );
  return codes;
}

afterEach(() => vi.unstubAllGlobals());

function Harness({ locked = false }: { locked?: boolean }) {
  const [coupon, setCoupon] = useState<VerifiedCoupon | null>(null);
  return <CouponEntry coupon={coupon} onChange={setCoupon} locked={locked} />;
}

const codeInput = () => screen.getByLabelText('Coupon code');

describe('CouponEntry', () => {
  it('applies a verified coupon, then offers only its removal until it is removed', async () => {
    const codes = stubVerify();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(codeInput(), '  SPRING ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The coupon has been applied.')).toBeTruthy();
    expect(codes).toEqual(['SPRING']);
    expect(screen.getByText('Coupon SPRING applied')).toBeTruthy();
    expect(screen.queryByLabelText('Coupon code')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect((codeInput() as HTMLInputElement).value).toBe('');
  });

  it("shows the server's message when verify returns no coupon", async () => {
    stubVerify();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(codeInput(), 'NOPE');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('This coupon code does not exist.')).toBeTruthy();
    expect(codeInput()).toBeTruthy();
  });

  it('says the coupon could not be applied when verify fails', async () => {
    stubVerify();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(codeInput(), 'FAIL');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The coupon could not be applied. Please try again.')).toBeTruthy();
  });

  it('asks for a code instead of verifying a blank one', async () => {
    const codes = stubVerify();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(codeInput(), '   ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(codes).toEqual([]);
  });
});
