import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Documents specs make their own documents through the API, as the Group2 cohort's client user, with
 * names unique to the run: several specs share one server and the Group2 client's lists.
 */

export const GROUP2 = {
  client: 'b1g2_client@gmail.com',
  admin: 'b1g2_admin@gmail.com',
  password: 'Group2',
  clientName: 'Batch1 Group2 LLC',
} as const;

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function runTag(): string {
  return randomBytes(4).toString('hex');
}

interface ApiSession {
  headers: { Authorization: string };
  /** A client user's current client. */
  clientId: number | null;
}

interface Service {
  id: number;
  displayName: string;
}

interface TagGroup {
  isMainTagGroup: boolean;
  tags: Array<{ id: number; displayName: string; servicesItDepends: number[]; tagGroupsItActivates: number[] }>;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs in through the API and, for a client user, makes `clientName` the current client. */
export async function apiSignIn(request: APIRequestContext, login: string, clientName?: string): Promise<ApiSession> {
  const result = await json<{ user: { jwtToken: { accessToken: string } } | null }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: login, password: GROUP2.password },
    }),
  );
  expect(result.user, `sign-in of ${login}`).not.toBeNull();
  const headers = { Authorization: `Bearer ${result.user!.jwtToken.accessToken}` };
  if (!clientName) return { headers, clientId: null };
  const clients = await json<Array<{ id: number; name: string }>>(
    await request.get('/api/v1/document/users/me/clients', { headers }),
  );
  const client = clients.find((candidate) => candidate.name === clientName);
  expect(client, `${login} has ${clientName}`).toBeDefined();
  await json(
    await request.put('/api/v1/document/users/me/clients/current', { headers, data: { clientId: client!.id } }),
  );
  return { headers, clientId: client!.id };
}

/** The current client's services, each with a main-group tag that activates no other group (one tag suffices). */
export async function uploadTargets(request: APIRequestContext, session: ApiSession) {
  const { headers } = session;
  const services = await json<Service[]>(
    await request.get(`/api/v1/document/clients/${session.clientId}/services`, { headers }),
  );
  const groups = await json<TagGroup[]>(await request.get('/api/v1/document/documents/tag-groups', { headers }));
  const mainTags = groups.filter((group) => group.isMainTagGroup).flatMap((group) => group.tags);
  return services.flatMap((service) => {
    const tag = mainTags.find((t) => t.servicesItDepends.includes(service.id) && t.tagGroupsItActivates.length === 0);
    return tag ? [{ service, tag }] : [];
  });
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** One document per call, named `displayName`; answers its id. */
export async function uploadDocument(
  request: APIRequestContext,
  session: ApiSession,
  input: { file: UploadFile; displayName: string; serviceId: number; tagId: number },
): Promise<number> {
  const result = await json<{ documents: Array<{ id: number }>; rejected: unknown[] }>(
    await request.post('/api/v1/document/documents/my-upload', {
      headers: session.headers,
      multipart: {
        displayName: input.displayName,
        serviceId: String(input.serviceId),
        tags: String(input.tagId),
        files: input.file,
      },
    }),
  );
  expect(result.rejected).toEqual([]);
  return result.documents[0]!.id;
}

/** Opens the search panel, types the document name and searches. */
export async function searchByName(page: Page, name: string) {
  const panel = page.getByRole('search', { name: 'Search filters' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await panel.getByRole('textbox', { name: 'Document name' }).fill(name);
  await panel.getByRole('button', { name: 'Search' }).click();
}
