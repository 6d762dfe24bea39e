import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DeleteContractorDialog } from './delete-contractor-dialog';

function refuse(code: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ error: { code, message: 'refused', requestId: 'r' } }, { status: 409 })),
  );
}

describe('DeleteContractorDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a confirmed payment covers the contractor when the API refuses for that reason', async () => {
    refuse('CONTRACTOR_PAYMENT_PROCESSING');
    const user = userEvent.setup();
    renderWithProviders(
      <DeleteContractorDialog
        target={{ id: 4, name: 'Acme', version: '404' }}
        onClose={() => {}}
        onDeleted={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('A payment for your contractors is already processing or has succeeded'),
    ).toBeTruthy();
  });

  it('keeps the general message for other refusals', async () => {
    refuse('CONTRACTOR_PAID');
    const user = userEvent.setup();
    renderWithProviders(
      <DeleteContractorDialog
        target={{ id: 4, name: 'Acme', version: '404' }}
        onClose={() => {}}
        onDeleted={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An error occurred. Contractor could not be deleted')).toBeTruthy();
  });
});
