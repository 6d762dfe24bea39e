import { CLIENT_TYPE } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys } from '../api/account-keys';
import { buildMyClient } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
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

describe('ChooseAccountModal without any account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers to create the first account: a business by name, and adds it to my accounts', async () => {
    const created = buildMyClient({ id: 7, name: 'Fresh Start LLC', clientType: CLIENT_TYPE.business });
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(created, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ChooseAccountModal clients={[]} pending={false} onChoose={vi.fn()} />);
    queryClient.setQueryData(accountKeys.mine(), []);

    await screen.findByRole('dialog', { name: 'Create your first account' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Fresh Start LLC');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Fresh Start LLC has been created successfully')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/document/users/me/clients');
    expect(JSON.parse(String(init?.body))).toEqual({ clientType: CLIENT_TYPE.business, name: 'Fresh Start LLC' });
    // The current-client step reads this list: with one account in it, it chooses that one.
    await waitFor(() => expect(queryClient.getQueryData(accountKeys.mine())).toEqual([created]));
  });

  it('asks a person for first and last name', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(buildMyClient({ name: 'Jane Doe', clientType: CLIENT_TYPE.personal }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ChooseAccountModal clients={[]} pending={false} onChoose={vi.fn()} />);

    await user.click(await screen.findByRole('radio', { name: 'Personal' }));
    expect(screen.queryByRole('textbox', { name: 'Business name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Jane');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Doe');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      clientType: CLIENT_TYPE.personal,
      firstName: 'Jane',
      lastName: 'Doe',
    });
  });
});
