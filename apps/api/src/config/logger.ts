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

/** Fastify's logger settings: its usual request fields, with the URL through loggableUrl. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>) {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
