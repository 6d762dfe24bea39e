import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './index.js';

/**
 * Query parameters whose values are kept in request logs: paging and sorting only. Every other value
 * is replaced, because list filters carry exact-match searches by SSN, TIN and e-mail address
 * (DESIGN.md section 4: sensitive values never in clear outside the encrypted columns).
 */
const LOGGED_QUERY_VALUES = new Set(['limit', 'offset', 'sortedBy', 'sortedDesc']);
export const REDACTED = '[redacted]';

/** The request URL as logs show it: the path, the parameter names, and the values of LOGGED_QUERY_VALUES only. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  const kept = [...params].map(
    ([name, value]) =>
      `${encodeURIComponent(name)}=${LOGGED_QUERY_VALUES.has(name) ? encodeURIComponent(value) : REDACTED}`,
  );
  return `${url.slice(0, mark)}?${kept.join('&')}`;
}

/**
 * A path segment an unmatched URL keeps in the log: a plain lower-case word such as `api`, `v1`,
 * `document` or `is-available`. Anything with an upper-case letter, a digit (beyond a version
 * number), `@`, `.` or `%`, or longer than a word, may be a token, an e-mail address, a coupon code
 * or an id: redacted.
 */
const PLAIN_SEGMENT = /^(?:[a-z]+(?:-[a-z]+)*|v\d)$/;
const MAX_PLAIN_SEGMENT = 40;

/** A path no route matched, with every segment that could carry a secret replaced. */
export function redactedPath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment === '' || (segment.length <= MAX_PLAIN_SEGMENT && PLAIN_SEGMENT.test(segment)) ? segment : REDACTED,
    )
    .join('/');
}

/**
 * The URL a request is logged under (issue 17 item 2): paths carry share tokens, e-mail addresses,
 * coupon codes and lead idHashes, so the log shows the route's pattern
 * (`/api/v1/document/shared/:token`), never the path as sent; a request no route matched shows
 * its path with every segment that is not a plain word redacted. Query values as loggableUrl.
 */
export function loggableRequestUrl(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }) {
  const url = request.url;
  const mark = url.indexOf('?');
  const query = mark === -1 ? '' : loggableUrl(`_${url.slice(mark)}`).slice(1);
  const pattern = request.routeOptions?.url;
  return `${pattern ?? redactedPath(mark === -1 ? url : url.slice(0, mark))}${query}`;
}

/** Fastify's logger settings: its usual request fields, with the URL through loggableRequestUrl. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>) {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableRequestUrl(request),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
