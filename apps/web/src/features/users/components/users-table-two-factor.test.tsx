import { ROLE_NAME, type UserListItemDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { renderWithProviders } from '@/testing/test-utils';
import { UsersTable } from './users-table';

function buildUser(overrides: Partial<UserListItemDto>): UserListItemDto {
  return {
    id: 1,
    version: '401',
    firstName: 'Grace',
    lastName: 'Hopper',
    fullName: 'Grace Hopper',
    emailAddress: 'grace@example.com',
    username: 'grace',
    phoneNumber: '5550100555',
    extension: null,
    isActive: true,
    roles: [{ id: 3, name: 'supervisor', displayName: 'Supervisor' }],
    twoFactorEnabled: false,
    inviter: null,
    advisor: null,
    department: null,
    supervisor: null,
    ...overrides,
  };
}

async function menuItemsOf(fullName: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${fullName}` }));
  // happy-dom lays nothing out, so the popover keeps the dropdown at display: none; its items are real.
  const menu = await screen.findByRole('menu', { hidden: true });
  const names = within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('users table: resetting two-factor sign-in', () => {
  it('offers the reset only on the rows of users who have two-factor sign-in on', async () => {
    startSession({
      accessToken: 'token',
      user: buildSessionUser({ roles: [ROLE_NAME.admin] }),
      permissions: ['user:edit', 'user:reset-two-factor'],
    });
    renderWithProviders(
      <UsersTable
        label="Users"
        rows={[
          buildUser({ id: 1, fullName: 'Grace Hopper', twoFactorEnabled: true }),
          buildUser({ id: 2, firstName: 'Alan', lastName: 'Turing', fullName: 'Alan Turing', twoFactorEnabled: false }),
        ]}
        totalCount={2}
        page={1}
        pageSize={10}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
        isLoading={false}
        isError={false}
        isFiltered={false}
        actions={{ onEdit: () => {} }}
      />,
    );

    expect(await menuItemsOf('Grace Hopper')).toEqual(['Edit', 'Reset two-factor sign-in']);
    expect(await menuItemsOf('Alan Turing')).toEqual(['Edit']);
  });
});
