import type { IncomingHttpHeaders } from 'node:http';
import { BACKGROUND_REQUEST_HEADER } from '@ledgerport/shared';

/**
 * Whether the web app marked the request as one no person asked for (the bell's poll, and the token
 * refresh such a poll needs): answered as usual, but no sign of activity, so a tab left open still
 * reaches the session's idle limit (docs/authentication.md).
 */
export function isBackgroundRequest(headers: IncomingHttpHeaders): boolean {
  return headers[BACKGROUND_REQUEST_HEADER] === '1';
}
