import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CreateCouponModal } from './create-coupon-modal';

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** A fake API: `taken` codes are unavailable; `createStatus` decides the POST's answer. */
function stubApi({ taken = [] as string[], createStatus = 201 } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname.endsWith('/is-available')) {
        const code = decodeURIComponent(url.pathname.split('/').at(-2)!);
        return jsonResponse(!taken.some((t) => t.toLowerCase() === code.toLowerCase()));
      }
      if (method === 'POST') {
        if (createStatus !== 201) return errorResponse(createStatus, 'ERROR');
        return jsonResponse(
          { id: 7, version: '1', isActive: true, creationTime: new Date().toISOString(), ...body },
          { status: 201 },
        );
      }
      return errorResponse(404, 'NOT_FOUND');
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function renderModal() {
  const onClose = vi.fn();
  renderWithProviders(<CreateCouponModal opened onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const tomorrow = () => dayjs().add(1, 'day').format('YYYY-MM-DD');

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { title?: string; code?: string; value?: string },
) {
  if (values.title) await user.type(screen.getByLabelText(/^Title/), values.title);
  if (values.code) await user.type(screen.getByLabelText(/^Code/), values.code);
  if (values.value) await user.type(screen.getByLabelText(/^Discount value/), values.value);
}

describe('CreateCouponModal', () => {
  it('starts on the fixed discount type and names every missing field', async () => {
    const calls = stubApi();
    const { user } = renderModal();
    expect((screen.getByRole('radio', { name: 'Fixed' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('takes digits only in the discount value', async () => {
    stubApi();
    const { user } = renderModal();
    await user.type(screen.getByLabelText(/^Discount value/), '-1a2.5');
    expect((screen.getByLabelText(/^Discount value/) as HTMLInputElement).value).toBe('125');
  });

  it('shows the taken message when leaving a code field whose code exists in another case', async () => {
    stubApi({ taken: ['SPRING'] });
    const { user } = renderModal();
    await fill(user, { code: 'spring' });
    await user.tab();
    expect(await screen.findByText('spring is already taken. Try another.')).toBeTruthy();
  });

  it('refuses a percentage over 100', async () => {
    stubApi();
    const { user } = renderModal();
    await fill(user, { title: 'Big', code: 'BIG', value: '150' });
    await user.click(screen.getByRole('radio', { name: 'Percentage' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A percentage cannot be more than 100')).toBeTruthy();
  });

  it('creates the coupon with the end of the chosen day and announces it', async () => {
    const calls = stubApi();
    const { user, onClose } = renderModal();
    await fill(user, { title: 'Spring sale', code: 'SPRING10', value: '10' });
    await user.click(screen.getByRole('radio', { name: 'Percentage' }));
    await user.type(screen.getByLabelText(/^Expiration date/), tomorrow());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/v1/company/coupons');
    expect(post.body).toEqual({
      title: 'Spring sale',
      code: 'SPRING10',
      discountType: 1,
      discountValue: 10,
      expirationDate: dayjs(tomorrow()).endOf('day').toISOString(),
    });
    expect(await screen.findByText('Spring sale has been created successfully')).toBeTruthy();
  });

  it('checks the code again on submit and does not create a taken one', async () => {
    const calls = stubApi({ taken: ['TAKEN'] });
    const { user } = renderModal();
    await fill(user, { title: 'Again', value: '5' });
    await user.type(screen.getByLabelText(/^Expiration date/), tomorrow());
    // Typed straight into submit: no blur check has run for this value.
    await user.type(screen.getByLabelText(/^Code/), 'TAKEN{Enter}');
    expect(await screen.findByText('TAKEN is already taken. Try another.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the spec message when the API fails', async () => {
    stubApi({ createStatus: 500 });
    const { user, onClose } = renderModal();
    await fill(user, { title: 'Broken', code: 'BROKEN', value: '5' });
    await user.type(screen.getByLabelText(/^Expiration date/), tomorrow());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('An error occurred. Coupon could not be created')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an expiration before today and can clear the date', async () => {
    stubApi();
    const { user } = renderModal();
    const date = screen.getByLabelText(/^Expiration date/) as HTMLInputElement;
    await user.type(date, dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The expiration date cannot be earlier than today')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear expiration date' }));
    expect(date.value).toBe('');
  });
});
