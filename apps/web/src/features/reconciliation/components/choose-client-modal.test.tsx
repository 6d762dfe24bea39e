import type { BookkeepingClientDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ChooseClientModal } from './choose-client-modal';

const current: BookkeepingClientDto = { id: 1, name: 'Current Books LLC', currentlyUsingBookkeepingService: true };
const former: BookkeepingClientDto = { id: 2, name: 'Former Books LLC', currentlyUsingBookkeepingService: false };

function renderModal(clients: BookkeepingClientDto[], selectedClientId: number | null = null) {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ChooseClientModal
      opened
      clients={clients}
      isLoading={false}
      isError={false}
      selectedClientId={selectedClientId}
      onChoose={onChoose}
      onClose={onClose}
    />,
  );
  return { onChoose, onClose, user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Choose client' }) };
}

describe('ChooseClientModal', () => {
  it('requires a client', async () => {
    const { user, dialog, onChoose } = renderModal([current]);
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('offers former bookkeeping clients only with the filter off, and switching it on clears one', async () => {
    const { user, dialog, onChoose } = renderModal([current, former]);
    const filter = within(dialog).getByRole('switch', { name: 'Currently using bookkeeping' });
    expect((filter as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    expect(screen.queryByRole('option', { name: 'Former Books LLC', hidden: true })).toBeNull();

    await user.click(filter);
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Former Books LLC', hidden: true }));
    expect((within(dialog).getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe(
      'Former Books LLC',
    );

    await user.click(filter);
    expect((within(dialog).getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('hands the chosen client on', async () => {
    const { user, dialog, onChoose } = renderModal([current, former]);
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Current Books LLC', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    expect(onChoose).toHaveBeenCalledWith(1);
  });

  it('says so when no business client has used bookkeeping', async () => {
    const { user, dialog, onClose } = renderModal([]);
    expect(
      within(dialog).getByText('There is no business client using or having used the bookkeeping service.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
