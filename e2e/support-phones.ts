import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO } from './support.js';

/*
 * The phone-width journeys (e2e/phone-journeys.spec.ts, e2e/phone-announcements.spec.ts): a phone
 * held upright, the API calls that give each test data of its own, and the check every screen of
 * theirs passes, that nothing scrolls sideways.
 */

/** An iPhone 12-15's CSS viewport, with touch; Chromium emulates the rest of a phone (isMobile). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A 1x1 JPEG, as a phone's camera would hand over (much larger, but the same kind of file). */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/' +
    '2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAABAAEDASIAAhEBAxEB/8QA' +
    'FQABAQAAAAAAAAAAAAAAAAAAAAn/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAM' +
    'AwEAAhEDEQA/AKpgB//Z',
  'base64',
);

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function runTag(): string {
  return randomBytes(4).toString('hex');
}

/** Nothing on the screen reaches past its right edge: the page never scrolls sideways. */
export async function expectNoSideScroll(page: Page, screen: string) {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(
    widths.scroll,
    `${screen} scrolls sideways (${widths.scroll} px wide in ${widths.client})`,
  ).toBeLessThanOrEqual(widths.client);
}

/** Follows a link of the main menu, which a phone keeps behind the burger. */
export async function openFromMenu(page: Page, name: string) {
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(burger).toBeVisible();
  await burger.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
}

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export type Headers = { Authorization: string };

export async function apiHeaders(request: APIRequestContext, login: string, password: string = DEMO.password) {
  const result = await json<{ user: { jwtToken: { accessToken: string } } | null }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: login, password },
    }),
  );
  expect(result.user, `sign-in of ${login}`).not.toBeNull();
  return { Authorization: `Bearer ${result.user!.jwtToken.accessToken}` };
}

/** The id of one of `login`'s clients, by name. */
export async function clientIdOf(request: APIRequestContext, login: string, clientName: string) {
  const clients = await json<Array<{ id: number; name: string }>>(
    await request.get('/api/v1/document/users/me/clients', { headers: await apiHeaders(request, login) }),
  );
  const client = clients.find((candidate) => candidate.name === clientName);
  expect(client, `${login} has ${clientName}`).toBeDefined();
  return client!.id;
}

/** A service of the client with a main-group tag that activates no other group (one tag suffices). */
export async function uploadTarget(request: APIRequestContext, headers: Headers, clientId: number) {
  const services = await json<Array<{ id: number; displayName: string }>>(
    await request.get(`/api/v1/document/clients/${clientId}/services`, { headers }),
  );
  const groups = await json<
    Array<{
      isMainTagGroup: boolean;
      tags: Array<{ id: number; servicesItDepends: number[]; tagGroupsItActivates: number[] }>;
    }>
  >(await request.get('/api/v1/document/documents/tag-groups', { headers }));
  const mainTags = groups.filter((group) => group.isMainTagGroup).flatMap((group) => group.tags);
  for (const service of services) {
    const tag = mainTags.find((t) => t.servicesItDepends.includes(service.id) && t.tagGroupsItActivates.length === 0);
    if (tag) return { serviceId: service.id, tagId: tag.id };
  }
  throw new Error(`client ${clientId} has no service with a main tag`);
}

/** Today in the firm's zone (the demo firm keeps the default): the earliest due date a request may have. */
function firmToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

/** A request due today with one documents item, from the firm's admin to `clientId`. */
export async function createRequest(request: APIRequestContext, clientId: number, tag: string) {
  const headers = await apiHeaders(request, DEMO.admin);
  const target = await uploadTarget(request, headers, clientId);
  const created = { title: `Receipts by phone ${tag}`, item: `Photo of the receipt ${tag}` };
  const { id } = await json<{ id: number }>(
    await request.post('/api/v1/document/requests', {
      headers,
      data: {
        clientId,
        serviceId: target.serviceId,
        title: created.title,
        dueDate: firmToday(),
        items: [{ title: created.item, kind: 1, tagIds: [target.tagId] }],
      },
    }),
  );
  return { id, ...created };
}

/** A document the firm's admin sends to `clientId` (on the client's Received docs). */
export async function sendDocument(
  request: APIRequestContext,
  clientId: number,
  input: { displayName: string; fileName: string; buffer: Buffer; mimeType: string },
) {
  const headers = await apiHeaders(request, DEMO.admin);
  const target = await uploadTarget(request, headers, clientId);
  const result = await json<{ documents: Array<{ id: number }>; rejected: unknown[] }>(
    await request.post('/api/v1/document/documents/my-upload', {
      headers,
      multipart: {
        DisplayName: input.displayName,
        ClientId: String(clientId),
        ServiceId: String(target.serviceId),
        Tags: String(target.tagId),
        Files: { name: input.fileName, mimeType: input.mimeType, buffer: input.buffer },
      },
    }),
  );
  expect(result.rejected).toEqual([]);
  return result.documents[0]!.id;
}

/** A new business client whose new owner (no other spec knows them) has it as the current client. */
export async function businessClientWithNewOwner(request: APIRequestContext, prefix: string) {
  const tag = runTag();
  const admin = await apiHeaders(request, DEMO.admin);
  const advisors = await json<Array<{ value: string }>>(
    await request.get('/api/v1/identity/users/advisors/all', { headers: admin }),
  );
  const owner = { email: `${prefix}-${tag}@example.com`, password: 'Phone390x', name: `${prefix} ${tag} LLC` };
  const client = await json<{ id: number }>(
    await request.post('/api/v1/document/clients', {
      headers: admin,
      data: {
        clientType: 1,
        name: owner.name,
        newOwner: {
          firstName: 'Pat',
          lastName: `Phone ${tag}`,
          emailAddress: owner.email,
          phoneNumber: '(555) 010-0390',
          advisorUserId: Number(advisors[0]!.value),
          password: owner.password,
          confirmPassword: owner.password,
        },
      },
    }),
  );
  await json(
    await request.put('/api/v1/document/users/me/clients/current', {
      headers: await apiHeaders(request, owner.email, owner.password),
      data: { clientId: client.id },
    }),
  );
  return { clientId: client.id, ...owner };
}

/** A stepper stands vertical: its second step sits under its first, not beside it. */
export async function expectStepsStacked(scope: Page | Locator) {
  const first = await scope.getByRole('button', { name: /^1 / }).boundingBox();
  const second = await scope.getByRole('button', { name: /^2 / }).boundingBox();
  expect(first && second, 'the stepper shows steps 1 and 2').toBeTruthy();
  expect(second!.y, 'step 2 under step 1').toBeGreaterThanOrEqual(first!.y + first!.height);
  expect(Math.abs(second!.x - first!.x), 'steps 1 and 2 aligned on the left').toBeLessThan(2);
}

/** Picks an option of a Mantine select; the options open in a portal. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The test processor's card form (formation step 4, the 1099 fee), filled with its test card. */
export async function fillTestCard(scope: Locator, postalCode: string) {
  await scope.getByLabel('Card number').fill('4242 4242 4242 4242');
  await scope.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await scope.getByLabel('Security code (CVC)').fill('123');
  await scope.getByLabel('Postal code').fill(postalCode);
}
