import { CLIENT_TYPE } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildMyClient } from '@/testing/factories';
import { renderWithProviders } from '@/testing/test-utils';
import { ChooseAccountModal } from './choose-account-modal';

const clients = [
  buildMyClient({ id: 1, name: 'Jane Doe', clientType: CLIENT_TYPE.personal }),
  buildMyClient({ id: 2, name: 'Doe Bakery LLC', clientType: CLIENT_TYPE.business }),
];

describe('ChooseAccountModal', () => {
  it('preselects the first account and continues with the one chosen', async () => {
    const onChoose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ChooseAccountModal clients={clients} pending={false} onChoose={onChoose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Choose account' });
    expect(dialog).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Jane Doe' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Doe Bakery LLC' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(onChoose).toHaveBeenCalledWith(2);
  });

  it('cannot be dismissed without choosing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChooseAccountModal clients={clients} pending={false} onChoose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Choose account' });

    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Choose account' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Continue']);
  });
});
