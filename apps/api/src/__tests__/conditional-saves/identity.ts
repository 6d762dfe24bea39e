import { FIRM_SETTINGS_DEFAULTS } from '@ledgerport/shared';
import { createUser } from '../../testing/factories.js';
import { signIn } from '../../testing/session.js';
import { unique, type CaseContext, type CaseModule, type ConditionalCase } from './harness.js';

const I = '/api/v1/identity';

/** A staff user of its own (an advisor: no department or advisor needed), found by its e-mail address. */
async function newUser(ctx: CaseContext, options: { isActive?: boolean } = {}) {
  const emailAddress = `versioned_${unique()}@example.com`;
  const user = await createUser(ctx.t.database.db, {
    role: 'advisor',
    emailAddress,
    phoneNumber: '2025550100',
    isActive: options.isActive ?? true,
  });
  return { ...user, emailAddress };
}

/** The user's row of the Users list, whose version activate and deactivate send. */
function listedUser(id: number, emailAddress: string) {
  return async (ctx: CaseContext) => {
    const response = await ctx.call(
      ctx.admin,
      'GET',
      `${I}/users?emailAddress=${encodeURIComponent(emailAddress)}&limit=10&offset=0`,
    );
    const row = (response.json() as { items: Array<{ id: number; version: string }> }).items.find(
      (item) => item.id === id,
    );
    return row ? { version: row.version, body: row } : null;
  };
}

const statusCase = (action: 'activate' | 'deactivate'): ConditionalCase => ({
  route: `PATCH ${I}/users/:id/${action}`,
  make: async (ctx) => {
    const user = await newUser(ctx, { isActive: action === 'deactivate' });
    return { current: listedUser(user.id, user.emailAddress), method: 'PATCH', url: `${I}/users/${user.id}/${action}` };
  },
});

const roleBody = (name: string, permissions: string[]) => ({
  name,
  displayName: `${name} shown`,
  description: null,
  permissions,
});

async function newRole(ctx: CaseContext) {
  const name = `Role ${unique()}`;
  return { id: await ctx.created(`${I}/roles`, roleBody(name, ['role:list'])), name };
}

/** Conditional saves of users, roles, firm settings, sessions and passwords. */
export const identityCases: CaseModule = {
  cases: [
    {
      // The firm's one settings row: before anyone saved, two first saves (version "0") meet too.
      route: 'PUT /api/v1/identity/settings',
      make: async () => {
        const body = (sessionIdleMinutesClients: number) => ({
          ...FIRM_SETTINGS_DEFAULTS,
          sessionIdleMinutesClients,
          sessionAbsoluteHours: 12,
        });
        return {
          get: '/api/v1/identity/settings',
          method: 'PUT',
          url: '/api/v1/identity/settings',
          bodies: [body(90), body(120)],
        };
      },
    },
    {
      route: `PUT ${I}/users/me`,
      make: async (ctx) => {
        // Two tabs of one person: a user of its own, so the admin's name stays as other cases expect it.
        const user = await newUser(ctx);
        const session = await signIn(ctx.t.app, user.username, user.password);
        const form = (phoneNumber: string) => {
          const body = new FormData();
          body.append('FirstName', user.firstName);
          body.append('LastName', user.lastName);
          body.append('PhoneNumber', phoneNumber);
          body.append('Extension', '1234');
          return body;
        };
        return {
          get: `${I}/users/me`,
          method: 'PUT',
          url: `${I}/users/me`,
          bodies: [form('2025550111'), form('2025550122')],
          as: session,
          savedBy: `${user.firstName} ${user.lastName}`,
        };
      },
    },
    {
      route: `PUT ${I}/users/:id`,
      make: async (ctx) => {
        const user = await newUser(ctx);
        const advisorRole = (await ctx.call(ctx.admin, 'GET', `${I}/roles/all`)).json() as Array<{
          value: string;
          name: string;
        }>;
        const roleId = Number(advisorRole.find((role) => role.name === 'advisor')!.value);
        const body = (lastName: string) => ({
          firstName: user.firstName,
          lastName,
          emailAddress: user.emailAddress,
          username: user.username,
          phoneNumber: '2025550100',
          extension: null,
          roleId,
          advisorUserId: null,
          supervisorUserId: null,
          departmentId: null,
        });
        return {
          get: `${I}/users/${user.id}`,
          method: 'PUT',
          url: `${I}/users/${user.id}`,
          bodies: [body('Mine'), body('Theirs')],
        };
      },
    },
    statusCase('activate'),
    statusCase('deactivate'),
    {
      route: `PUT ${I}/roles/:id`,
      make: async (ctx) => {
        const { id, name } = await newRole(ctx);
        return {
          get: `${I}/roles/${id}`,
          method: 'PUT',
          url: `${I}/roles/${id}`,
          // Mine changes only a permission (a child row): the role's version moves all the same.
          bodies: [roleBody(name, ['role:list', 'role:add']), roleBody(`${name} theirs`, ['role:list'])],
        };
      },
    },
    {
      route: `DELETE ${I}/roles/:id`,
      make: async (ctx) => {
        const { id } = await newRole(ctx);
        return { get: `${I}/roles/${id}`, method: 'DELETE', url: `${I}/roles/${id}` };
      },
    },
  ],
  guarded: {
    'DELETE /api/v1/identity/users/me/sessions/:id': 'ends a session: nothing is overwritten',
    'DELETE /api/v1/identity/users/:id/sessions': 'ends sessions: nothing is overwritten',
    'DELETE /api/v1/identity/users/:id/sessions/:sessionId': 'ends a session: nothing is overwritten',
    'PATCH /api/v1/identity/users/me/password': 'checked by the old password',
    'PATCH /api/v1/identity/users/:id/reset-password': 'sets a new password: nothing of the user is overwritten',
    'DELETE /api/v1/identity/users/:id/two-factor': 'resets a second factor: nothing is overwritten',
  },
  pending: [],
};
