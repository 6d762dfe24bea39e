import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { useTwoFactorStep } from './use-two-factor-step';

function Harness() {
  const step = useTwoFactorStep();
  return (
    <>
      {step.done ? <p>The app</p> : null}
      {step.dialog}
    </>
  );
}

const status = (mustEnroll: boolean) => ({
  enabled: !mustEnroll,
  enabledAt: mustEnroll ? null : '2026-01-01T00:00:00.000Z',
  recoveryCodesRemaining: mustEnroll ? 0 : 10,
  required: true,
  mustEnroll,
});
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('useTwoFactorStep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a user the firm requires it of do nothing else until they have set it up', async () => {
    let enrolled = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/identity/two-factor')) return jsonResponse(status(!enrolled));
        if (url.endsWith('/enrolment')) {
          return jsonResponse({
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/x',
            qrCodeDataUrl: 'data:image/png;base64,AA',
          });
        }
        if (url.endsWith('/enrolment/confirm')) {
          enrolled = true;
          return jsonResponse({ recoveryCodes: codes });
        }
        throw new Error(`Unexpected ${url}`);
      }),
    );
    renderWithProviders(<Harness />);
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(screen.queryByText('The app')).toBeNull();
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(codes[0]!)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));

    expect(await screen.findByText('The app')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('stays out of the way of a user who need not enrol', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...status(false), required: false })),
    );
    renderWithProviders(<Harness />);
    expect(await screen.findByText('The app')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
