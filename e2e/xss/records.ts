import http from 'node:http';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { DEMO } from '../support.js';
import { packPayloads } from './payloads.js';
import { poke, visit } from './probe.js';

/**
 * What the e2e/xss-*.spec.ts files share: API calls that store the corpus and the walk over the list
 * screens that render it. Each spec makes its own records (other specs share the server).
 */

export type Headers = Record<'Authorization', string>;
export const PASSWORD = 'Secret123';

export async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export async function signInApi(
  request: APIRequestContext,
  login: string = DEMO.admin,
  password: string = DEMO.password,
) {
  const body = await json<{ user: { id: number; jwtToken: { accessToken: string } } }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: login, password },
    }),
  );
  return { Authorization: `Bearer ${body.user.jwtToken.accessToken}` } as Headers;
}

/** Runs `work` over `items` a few at a time (the server hashes passwords, the machine has 2 cores). */
export async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

/**
 * The corpus for a field of `limit` characters, as `count` values: the packed values first, then
 * repeats of them (a record needs some value in each field). `prefix` makes the records findable.
 */
export function corpusFor(limit: number, count: number, prefix = ''): string[] {
  const packed = packPayloads(limit - prefix.length).map((value) => prefix + value);
  return Array.from({ length: Math.max(count, packed.length) }, (_, index) => packed[index % packed.length]!);
}

/** How many values the whole corpus needs in a field of `limit` characters. */
export function corpusSize(limit: number, prefix = ''): number {
  return packPayloads(limit - prefix.length).length;
}

/** Opens a list screen with its filters in the URL, at 50 rows a page, and walks its pages. */
export async function walkPages(page: Page, url: string, pages: number) {
  for (let number = 1; number <= pages; number += 1) {
    await visit(page, `${url}${url.includes('?') ? '&' : '?'}pageSize=50&page=${number}`);
    // The footer names the page's first row ("51-100 of 123"), so the rows are this page's.
    await expect(page.getByText(new RegExp(`^${(number - 1) * 50 + 1}-\\d+ of \\d+$`))).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
    await poke(page);
  }
}

export async function roleId(request: APIRequestContext, headers: Headers, name: string) {
  const roles = await json<Array<{ value: string; name: string }>>(
    await request.get('/api/v1/identity/roles/all', { headers }),
  );
  return Number(roles.find((role) => role.name === name)!.value);
}

export async function createUser(
  request: APIRequestContext,
  headers: Headers,
  user: { firstName: string; lastName: string; emailAddress: string; roleId: number; advisorUserId?: number },
) {
  return json<{ id: number }>(
    await request.post('/api/v1/identity/users', {
      headers,
      data: { ...user, phoneNumber: '(555) 010-0100', password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
}

export async function firstAdvisorId(request: APIRequestContext, headers: Headers) {
  const advisors = await json<Array<{ value: string }>>(
    await request.get('/api/v1/identity/users/advisors/all', { headers }),
  );
  return Number(advisors[0]!.value);
}

/** A business client of this run with a new owner, who has it as the current client. */
export async function businessClientWithOwner(request: APIRequestContext, headers: Headers, name: string, tag: string) {
  const ownerEmail = `xss-owner-${tag}@example.com`;
  const client = await json<{ id: number }>(
    await request.post('/api/v1/document/clients', {
      headers,
      data: {
        clientType: 1,
        name,
        newOwner: {
          firstName: 'Olga',
          lastName: `Owner${tag}`,
          emailAddress: ownerEmail,
          phoneNumber: '(555) 010-4321',
          advisorUserId: await firstAdvisorId(request, headers),
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      },
    }),
  );
  const owner = await signInApi(request, ownerEmail, PASSWORD);
  await json(
    await request.put('/api/v1/document/users/me/clients/current', { headers: owner, data: { clientId: client.id } }),
  );
  return { clientId: client.id, ownerEmail, owner };
}

export function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The loopback address a public visitor of this run sends from (127.0.<n>.<m>, never 127.0.0.1).
 * The public formation and onboarding calls are throttled per address; the records here stand for
 * that many different prospects, and 127.0.0.1's allowance stays with the specs that share it.
 */
export function prospectAddress(index: number, group: number) {
  return `127.${10 + group}.${Math.floor(index / 250)}.${(index % 250) + 2}`;
}

/** One JSON request from `localAddress` (the Playwright request context cannot choose its source). */
export async function sendFrom(
  localAddress: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  const target = new URL(path, `http://127.0.0.1:${process.env.E2E_PORT}`);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      target,
      {
        method,
        localAddress,
        headers: {
          ...options.headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
