import type { App } from '../app.js';

/**
 * Routes whose answer is a stream that never ends by itself (Server-Sent Events). Tests that call
 * every route inject these with `payloadAsStream` and hang up after the head, or they would wait
 * forever.
 */
export const STREAM_ROUTES: ReadonlySet<string> = new Set(['GET /api/v1/identity/users/me/notifications/stream']);

export function isStreamRoute(method: string, route: string): boolean {
  return STREAM_ROUTES.has(`${method} ${route}`);
}

/** The body of a response injected with `payloadAsStream`: a refusal whole (it ends), an open stream nothing. */
export async function bodyOfStreamed(response: Awaited<ReturnType<App['inject']>>): Promise<string> {
  const stream = response.stream();
  if (response.statusCode === 200) {
    stream.destroy();
    return '';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
