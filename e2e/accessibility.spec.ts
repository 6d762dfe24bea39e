import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type APIResponse, type Browser, type Page } from '@playwright/test';
import { expectLoaded, expectNoSeriousViolations, openScreen, openScreenInApp } from './support-axe.js';
import { submitVirginiaLlc } from './support-companies.js';
import { followInvitationLink, sendInvitation, uniqueEmail } from './support-invitations.js';
import { DEMO, chooseAccount, signIn } from './support.js';

/*
 * WCAG 2.2 AA in the browser (issue 25 item 1, docs/accessibility.md): axe-core on every route of
 * the route table as the admin, an advisor, an employee and a client user, on the public pages and
 * with the main dialogs open; any serious or critical violation fails, naming the rule and the nodes.
 * Each role signs in once and its page walks its routes by address inside the loaded app: one describe
 * per role, so the roles run side by side on the two workers, and a violation on one screen does not
 * hide the next.
 */

type Role = 'admin' | 'advisor' | 'employee' | 'client';
const STAFF: readonly Role[] = ['admin', 'advisor', 'employee'];
const EVERYONE: readonly Role[] = [...STAFF, 'client'];

const LOGINS: Record<Role, string> = {
  admin: DEMO.admin,
  advisor: DEMO.advisor,
  employee: DEMO.employee,
  client: DEMO.client,
};
const CLIENT_NAME = 'Batch1 Group1 LLC';

/** Ids a role sees in the demo firm, read through the API with that role's own token. */
interface DemoIds {
  request: number;
  conversation: number;
  document: number;
  /** `/reconciliations/:institutionAccountId/transactions` with the query staff add. */
  transactions: string;
  /** Staff only. */
  editClient?: string;
  lead?: number;
  /** Admin only; found or made when the group that shows it runs. */
  company?: () => Promise<number>;
}

const GROUPS: readonly Group[] = ['home', 'documents', 'clients', 'bookkeeping', 'administration'];

/** Routes are checked in groups, one test each: a group's routes share one signed-in page. */
type Group = 'home' | 'documents' | 'clients' | 'bookkeeping' | 'administration';

interface AppRoute {
  group: Group;
  roles: readonly Role[];
  path: string | ((ids: DemoIds) => string | Promise<string>);
}

/**
 * Every signed-in route of apps/web/src/app/routes-table.ts, with who opens it (docs/permissions.md).
 * The first test checks that this list and the route table name the same routes.
 */
const APP_ROUTES: Record<string, AppRoute> = {
  Dashboard: { group: 'home', roles: EVERYONE, path: '/' },
  ToDo: { group: 'home', roles: ['client'], path: '/to-do' },
  Requests: { group: 'home', roles: EVERYONE, path: '/requests' },
  Request: { group: 'home', roles: EVERYONE, path: (ids) => `/requests/${ids.request}` },
  Messages: { group: 'home', roles: EVERYONE, path: '/messages' },
  Conversation: { group: 'home', roles: EVERYONE, path: (ids) => `/messages/${ids.conversation}` },
  RequestTemplates: { group: 'administration', roles: STAFF, path: '/request-templates' },
  RequestSchedules: { group: 'administration', roles: ['admin'], path: '/request-schedules' },
  Profile: { group: 'home', roles: EVERYONE, path: '/profile' },
  Roles: { group: 'administration', roles: ['admin'], path: '/roles' },
  Users: { group: 'clients', roles: STAFF, path: '/users' },
  Tags: { group: 'administration', roles: ['admin'], path: '/tags' },
  Services: { group: 'administration', roles: ['admin'], path: '/services' },
  Clients: { group: 'clients', roles: STAFF, path: '/clients' },
  EditClient: { group: 'clients', roles: STAFF, path: (ids) => ids.editClient! },
  Invitations: { group: 'clients', roles: ['admin', 'advisor', 'client'], path: '/invitations' },
  Leads: { group: 'clients', roles: ['admin', 'advisor'], path: '/leads' },
  LeadDetails: { group: 'clients', roles: ['admin', 'advisor'], path: (ids) => `/leads/${ids.lead}/details` },
  Accounts: { group: 'clients', roles: ['client'], path: '/accounts' },
  ReceivedDocs: { group: 'documents', roles: EVERYONE, path: '/received-docs' },
  MyUploads: { group: 'documents', roles: EVERYONE, path: '/my-uploads' },
  Document: { group: 'documents', roles: EVERYONE, path: (ids) => `/documents/${ids.document}` },
  Bookkeeping: { group: 'bookkeeping', roles: STAFF, path: '/bookkeeping' },
  Companies: { group: 'bookkeeping', roles: ['admin'], path: '/companies' },
  CompanyDetails: {
    group: 'bookkeeping',
    roles: ['admin'],
    path: async (ids) => `/companies/${await ids.company!()}/details`,
  },
  Contractors: { group: 'bookkeeping', roles: EVERYONE, path: '/1099-form' },
  Announcements: { group: 'administration', roles: ['admin'], path: '/announcements' },
  Reconciliations: { group: 'bookkeeping', roles: EVERYONE, path: '/reconciliations' },
  MyBookkeeping: { group: 'bookkeeping', roles: ['client'], path: '/my-bookkeeping' },
  BankConnections: { group: 'bookkeeping', roles: STAFF, path: '/reconciliations/connections' },
  ReconciliationTransactions: { group: 'bookkeeping', roles: EVERYONE, path: (ids) => ids.transactions },
  Coupons: { group: 'administration', roles: ['admin'], path: '/coupons' },
  AuditLog: { group: 'administration', roles: ['admin'], path: '/audit-log' },
  Mail: { group: 'administration', roles: ['admin'], path: '/mail' },
  Settings: { group: 'administration', roles: ['admin'], path: '/settings' },
};

/** The public routes; `/customer-onboarding/:idHash` and the share link need the demo's own values. */
const PUBLIC_ROUTES: Record<string, string | ((ids: PublicIds) => string) | { path: string; landsOn: string }> = {
  Login: '/login',
  // Registration needs an invitation's token, which comes only by e-mail: without one the screen
  // tells the visitor so and sends them to Log in (the form itself: 'registration' below).
  Register: { path: '/register', landsOn: '/login' },
  ResetPassword: '/reset-password',
  // An unknown token: the screen checks it and sends the visitor on to the expired-link banner of
  // Reset password (a usable token comes only by e-mail).
  ForgotPassword: {
    path: '/forgot-password?token=made-up-token&userId=1',
    landsOn: '/reset-password?isUsableToken=false',
  },
  CompanyFormationResident: '/company-formation/resident',
  CompanyFormationNonResident: '/company-formation/non-resident',
  StartCustomerOnboarding: '/customer-onboarding',
  ContinueCustomerOnboarding: (ids) => `/customer-onboarding/${ids.leadIdHash}`,
  TaxPlanning: '/tax-planning',
  // A link that does not exist: the page a visitor meets with a revoked or expired link.
  SharedDocument: `/shared-documents/${'A'.repeat(43)}`,
};

interface PublicIds {
  leadIdHash: string;
}

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function apiHeaders(request: APIRequestContext, login: string, password: string = DEMO.password) {
  const { user } = await json<{ user: { jwtToken: { accessToken: string } } }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: login, password },
    }),
  );
  return { Authorization: `Bearer ${user.jwtToken.accessToken}` };
}

const first = async (request: APIRequestContext, url: string, headers: Record<string, string>) =>
  (
    await json<{ items: Array<{ id: number; clientType?: number; idHash?: string }> }>(
      await request.get(url, { headers }),
    )
  ).items[0]!;

async function demoIds(request: APIRequestContext, role: Role): Promise<DemoIds> {
  const headers = await apiHeaders(request, LOGINS[role]);
  const API = '/api/v1/document';
  let clientId: number;
  if (role === 'client') {
    const clients = await json<Array<{ id: number; name: string }>>(
      await request.get(`${API}/users/me/clients`, { headers }),
    );
    clientId = clients.find((client) => client.name === CLIENT_NAME)!.id;
    await json(await request.put(`${API}/users/me/clients/current`, { headers, data: { clientId } }));
  } else {
    const clients = await json<Array<{ id: number; name: string }>>(
      await request.get(`${API}/clients/business/bookkeeping`, { headers }),
    );
    clientId = clients.find((client) => client.name === CLIENT_NAME)!.id;
  }
  const accounts = await json<{ institutionAccounts: Array<{ id: number }> }>(
    await request.get(`${API}/clients/${clientId}/institution-accounts`, { headers }),
  );
  const accountId = accounts.institutionAccounts[0]!.id;
  const ids: DemoIds = {
    request: (await first(request, `${API}/requests?limit=1`, headers)).id,
    conversation: (await first(request, `${API}/conversations?limit=1`, headers)).id,
    document: (
      await first(request, `${API}/documents/${role === 'client' ? 'my-upload' : 'received'}?limit=1`, headers)
    ).id,
    transactions:
      role === 'client'
        ? `/reconciliations/${accountId}/transactions`
        : `/reconciliations/${accountId}/transactions?clientId=${clientId}`,
  };
  if (role !== 'client') {
    const client = await first(request, `${API}/clients?limit=1`, headers);
    ids.editClient = `/clients/${client.clientType === 1 ? 'business' : 'personal'}/${client.id}/edit`;
  }
  if (APP_ROUTES.LeadDetails!.roles.includes(role))
    ids.lead = (await first(request, `${API}/leads?limit=1`, headers)).id;
  if (APP_ROUTES.CompanyDetails!.roles.includes(role)) ids.company = () => aCompany(request, headers);
  return ids;
}

/**
 * A company's id: the demo firm has none, so unless another spec submitted one already, one is
 * submitted as the formation wizard would. Only then: submissions are limited per address (20 in
 * 10 minutes), and the formation specs need theirs.
 */
async function aCompany(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const list = () =>
    request
      .get('/api/v1/company/companies?limit=1', { headers })
      .then((response) => json<{ items: Array<{ id: number }> }>(response));
  const existing = (await list()).items[0];
  if (existing) return existing.id;
  await submitVirginiaLlc(request, `A11y Formation ${randomBytes(4).toString('hex')}`);
  return (await list()).items[0]!.id;
}

/** One page per role, signed in once (the client chooses its account). */
async function signedInPage(browser: Browser, role: Role): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, LOGINS[role]);
  if (role === 'client') await chooseAccount(page, CLIENT_NAME);
  return page;
}

test('the list covers every route of the route table', () => {
  const table = readFileSync(new URL('../apps/web/src/app/routes-table.ts', import.meta.url), 'utf8');
  const names = [...table.matchAll(/^ {2}(\w+): \{\s*path: '[^']*',\s*access: '(\w+)'/gm)].map(([, name]) => name);
  expect(names.length).toBeGreaterThan(40);
  expect(names.toSorted()).toEqual([...Object.keys(APP_ROUTES), ...Object.keys(PUBLIC_ROUTES)].toSorted());
});

for (const role of EVERYONE) {
  test.describe(role, () => {
    // The groups run in order on one worker and share the role's page; each route is a soft
    // check, so one group reports every screen that fails, not just the first.
    test.describe.configure({ mode: 'default' });
    let page: Page;
    let ids: DemoIds;
    let request: APIRequestContext;

    test.beforeAll(async ({ browser, playwright, baseURL }) => {
      request = await playwright.request.newContext({ baseURL });
      ids = await demoIds(request, role);
      page = await signedInPage(browser, role);
    });
    test.afterAll(async () => {
      await page.context().close();
      await request.dispose();
    });

    for (const group of GROUPS) {
      const routes = Object.entries(APP_ROUTES).filter(
        ([, route]) => route.group === group && route.roles.includes(role),
      );
      if (routes.length === 0) continue;
      test(`${group}: ${routes.map(([name]) => name).join(', ')}`, async () => {
        for (const [name, route] of routes) {
          const path = typeof route.path === 'string' ? route.path : await route.path(ids);
          await test.step(`${name} ${path}`, async () => {
            await openScreenInApp(page, path);
            await expectNoSeriousViolations(page, `${path} as ${role}`, { soft: true });
          });
        }
      });
    }
  });
}

test.describe('public pages', () => {
  test('every public route', async ({ page, request }) => {
    const headers = await apiHeaders(request, DEMO.admin);
    const ids: PublicIds = { leadIdHash: (await first(request, '/api/v1/document/leads?limit=1', headers)).idHash! };
    for (const [name, route] of Object.entries(PUBLIC_ROUTES)) {
      const { path, landsOn } =
        typeof route === 'string'
          ? { path: route, landsOn: route }
          : typeof route === 'function'
            ? { path: route(ids), landsOn: route(ids) }
            : route;
      await test.step(`${name} ${path}`, async () => {
        await openScreen(page, path, landsOn);
        await expectNoSeriousViolations(page, path, { soft: true });
      });
    }
  });
});

test.describe('registration', () => {
  test('the form an invitation opens, empty and with its errors showing', async ({ page, browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const email = uniqueEmail('a11y_invitee');
    await sendInvitation(admin, email);
    await admin.context().close();
    await followInvitationLink(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
    await expectNoSeriousViolations(page, 'registration form', { soft: true });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'registration form with its errors');
  });
});

test.describe('dialogs', () => {
  test('upload documents (client)', async ({ browser }) => {
    const page = await signedInPage(browser, 'client');
    await openScreen(page, '/my-uploads');
    await page.getByRole('button', { name: 'Upload documents' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Upload documents' })).toBeVisible();
    await expectLoaded(page);
    await expectNoSeriousViolations(page, 'upload dialog');
    await page.context().close();
  });

  test('create client and new request (admin)', async ({ browser }) => {
    const page = await signedInPage(browser, 'admin');
    await openScreen(page, '/clients');
    await page.getByRole('button', { name: 'Create new client' }).first().click();
    await page.getByRole('menuitem', { name: 'Business client' }).click();
    await expect(page.getByRole('dialog', { name: 'Create business client' })).toBeVisible();
    await expectLoaded(page);
    await expectNoSeriousViolations(page, 'create client dialog');

    await openScreen(page, '/requests');
    await page.getByRole('button', { name: 'New request' }).first().click();
    await expect(page.getByRole('dialog', { name: 'New request' })).toBeVisible();
    await expectLoaded(page);
    await expectNoSeriousViolations(page, 'new request dialog');
    await page.context().close();
  });

  test('card payment of the 1099 fees (a business client of its own)', async ({ browser, request }) => {
    const owner = await businessClientWithContractor(request);
    const page = await (await browser.newContext()).newPage();
    await signIn(page, owner.email, owner.password);
    await openScreen(page, '/1099-form');
    await page.getByRole('button', { name: 'Pay and submit' }).click();
    const payment = page.getByRole('dialog', { name: 'Pay and submit' });
    await expect(payment.getByLabel('Card number')).toBeVisible();
    await expectNoSeriousViolations(page, 'card payment dialog');
    await page.context().close();
  });
});

test.describe('focus', () => {
  test('the skip link comes first and moves focus to the main landmark', async ({ page }) => {
    for (const path of ['/login', '/tax-planning']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    }
    await signIn(page, DEMO.employee);
    // As a person would: once Home is shown. On a slow machine a Tab pressed as the address changed,
    // before the signed-in screen had replaced the sign-in form, left nothing focused.
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  });

  // Each opener is a soft check, so one run tells which of them lose focus.
  test('returns to the opener when a dialog closes, also when a menu opened it', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // From the user menu, whose item is gone once the menu closes: focus goes back to the menu's button.
    const userMenu = page.getByRole('button', { name: 'user menu' });
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.soft(userMenu).toBeFocused();

    // A create dialog chosen in a menu.
    await openScreen(page, '/clients');
    const create = page.getByRole('button', { name: 'Create new client' }).first();
    await create.click();
    await page.getByRole('menuitem', { name: 'Business client' }).click();
    await expect(page.getByRole('dialog', { name: 'Create business client' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.soft(create).toBeFocused();

    // A confirmation from a row's actions menu, closed with its Cancel button.
    const actions = page.getByRole('button', { name: /^Actions for / }).first();
    await actions.click();
    await page.getByRole('menuitem', { name: /^(Deactivate|Activate)$/ }).click();
    const confirm = page.getByRole('dialog', { name: /(Deactivate|Activate) client/ });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.soft(actions).toBeFocused();

    // Another screen's row menu, from the keyboard: the app does this for every menu, not per screen.
    await openScreen(page, '/users');
    const userActions = page.getByRole('button', { name: /^Actions for / }).first();
    await userActions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sessions' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /^Sessions of / })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.soft(userActions).toBeFocused();
  });
});

/**
 * A new business client whose new owner owes the fee of one contractor, so no demo client's 1099
 * list changes (as e2e/contractors.spec.ts does).
 */
async function businessClientWithContractor(request: APIRequestContext) {
  const admin = await apiHeaders(request, DEMO.admin);
  const advisors = await json<Array<{ value: string }>>(
    await request.get('/api/v1/identity/users/advisors/all', { headers: admin }),
  );
  const suffix = randomBytes(4).toString('hex');
  const owner = { email: `a11y-${suffix}@example.com`, password: 'Access1ble' };
  const client = await json<{ id: number }>(
    await request.post('/api/v1/document/clients', {
      headers: admin,
      data: {
        clientType: 1,
        name: `A11y Payer ${suffix} LLC`,
        newOwner: {
          firstName: 'Alex',
          lastName: 'Access',
          emailAddress: owner.email,
          phoneNumber: '(555) 010-1099',
          advisorUserId: Number(advisors[0]!.value),
          password: owner.password,
          confirmPassword: owner.password,
        },
      },
    }),
  );
  const headers = await apiHeaders(request, owner.email, owner.password);
  await json(
    await request.put('/api/v1/document/users/me/clients/current', { headers, data: { clientId: client.id } }),
  );
  const states = await json<Array<{ id: number; name: string }>>(await request.get('/api/v1/company/states/all'));
  await json(
    await request.post('/api/v1/document/contractors', {
      headers,
      data: {
        contractorType: 1,
        businessName: `Brick Works ${suffix} LLC`,
        employerIdentificationNumber: '12-3456789',
        addressLine1: '500 Congress Ave',
        city: 'Austin',
        stateId: states.find((state) => state.name === 'Texas')!.id,
        zipCode: '78701',
        totalPayment: 1250.5,
      },
    }),
  );
  return owner;
}

/*
 * A row under the pointer takes the table's hover colour: every text on it (light badges, links,
 * dimmed text) must still read at 4.5:1 there, in both schemes.
 */
test.describe('hovered rows', () => {
  for (const role of ['admin', 'client'] as const) {
    test(`lists with badges and links, a row under the pointer (${role})`, async ({ browser }) => {
      const page = await signedInPage(browser, role);
      try {
        const lists =
          role === 'admin'
            ? ['/received-docs', '/my-uploads', '/audit-log', '/clients', '/requests']
            : ['/received-docs', '/my-uploads', '/requests'];
        for (const path of lists) {
          await test.step(path, async () => {
            await openScreenInApp(page, path);
            const row = page.locator('main table tbody tr').first();
            await row.hover();
            // The screens' other rules are the route walk's; a hover changes colours only.
            await expectNoSeriousViolations(page, `${path} as ${role}, a row hovered`, {
              soft: true,
              colourOnly: true,
            });
          });
        }
        if (role === 'admin') {
          await test.step('/clients, the Delete item of a row menu under the pointer', async () => {
            await openScreenInApp(page, '/clients');
            await page
              .locator('main')
              .getByRole('button', { name: /^Actions for / })
              .first()
              .click();
            const remove = page.getByRole('menuitem', { name: 'Delete' });
            await remove.hover();
            // Every rule: an open menu is a state of its own (Mantine's focus placeholder, a
            // `role="presentation"` child of `role="menu"`, was a critical violation here).
            await expectNoSeriousViolations(page, '/clients as admin, a row menu open, an item hovered', {
              soft: true,
            });
            await page.keyboard.press('Escape');
          });
        }
      } finally {
        await page.context().close();
      }
    });
  }
});
