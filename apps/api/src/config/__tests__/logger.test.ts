import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions, redactedPath } from '../logger.js';

describe('loggableUrl', () => {
  it('keeps the path and the paging values, and withholds every other query value', () => {
    expect(loggableUrl('/api/v1/document/clients')).toBe('/api/v1/document/clients');
    expect(
      loggableUrl('/api/v1/document/clients?socialSecurityNumber=123-45-6789&limit=10&offset=20&sortedBy=name'),
    ).toBe('/api/v1/document/clients?socialSecurityNumber=[redacted]&limit=10&offset=20&sortedBy=name');
    expect(loggableUrl('/x?emailAddress=a%40b.example&emailAddress=c%40d.example&sortedDesc=true')).toBe(
      '/x?emailAddress=[redacted]&emailAddress=[redacted]&sortedDesc=true',
    );
  });
});

describe('redactedPath (a request no route matched)', () => {
  it('keeps plain lower-case words and the API version, and redacts every other segment', () => {
    expect(redactedPath('/api/v1/document/shared/AbC123_-xyz/download')).toBe(
      '/api/v1/document/shared/[redacted]/download',
    );
    expect(redactedPath('/api/v1/x/someone@example.com/is-available')).toBe('/api/v1/x/[redacted]/is-available');
    expect(redactedPath('/api/v1/company/coupons/SUMMER10/nope')).toBe('/api/v1/company/coupons/[redacted]/nope');
    expect(redactedPath('/users/42/')).toBe('/users/[redacted]/');
    expect(redactedPath(`/a/${'b'.repeat(41)}`)).toBe('/a/[redacted]');
  });
});

/** Issue 17 item 2: the request log shows the route's pattern, never the path as sent. */
describe('the request log line', () => {
  async function loggedUrls(requests: string[]) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions({ logLevel: 'info' }), stream } });
    app.get('/api/v1/document/shared/:token', async () => ({}));
    app.get('/api/v1/document/onboarding/email-address/:emailAddress/is-available', async () => true);
    for (const url of requests) await app.inject({ method: 'GET', url });
    await app.close();
    return lines
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));
  }

  it('uses the route pattern for a matched route, with the query values withheld', async () => {
    expect(
      await loggedUrls([
        '/api/v1/document/shared/Secr3tShareT0ken',
        '/api/v1/document/onboarding/email-address/a%40b.example/is-available?leadIdHash=Secr3tIdHash&limit=5',
      ]),
    ).toEqual([
      '/api/v1/document/shared/:token',
      '/api/v1/document/onboarding/email-address/:emailAddress/is-available?leadIdHash=[redacted]&limit=5',
    ]);
  });

  it('redacts the path of a request no route matched', async () => {
    expect(await loggedUrls(['/api/v1/document/shared/Secr3t/elsewhere', '/app/shared/Secr3t?token=x'])).toEqual([
      '/api/v1/document/shared/[redacted]/elsewhere',
      '/app/shared/[redacted]?token=[redacted]',
    ]);
  });
});
