import { formationSubmittedSchema, IDEMPOTENCY_KEY_HEADER, type FormationSubmitted } from '@ledgerport/shared';
import { ApiError, buildUrl, CLIENT_ERROR_CODE } from '@/lib/api-client';

const SUBMIT_TIMEOUT_MS = 600_000;

/**
 * One submit attempt of a public formation. The shared client cannot send extra headers, and the
 * server needs an idempotency key so that a retried request (a double click, a proxy resend) creates
 * one company and one payment intent; the pages are public, so no token or refresh is involved.
 * The caller makes a new key per attempt: a second click after a failure is a new attempt.
 */
export async function postFormation(
  path: string,
  body: FormData | object,
  idempotencyKey: string,
): Promise<FormationSubmitted> {
  const headers = new Headers({ Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
  const isMultipart = body instanceof FormData;
  if (!isMultipart) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      method: 'POST',
      headers,
      body: isMultipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODE.network, message: 'The server could not be reached' });
  }
  if (!response.ok) {
    // The wizard words every failure the same way (spec 03 section 8); the code only helps debugging.
    const answer = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError({
      status: response.status,
      code: answer?.error?.code ?? `HTTP_${response.status}`,
      message: answer?.error?.message ?? response.statusText,
    });
  }
  const parsed = formationSubmittedSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODE.invalidResponse,
      message: 'Unexpected answer',
    });
  }
  return parsed.data;
}

export const newIdempotencyKey = () => crypto.randomUUID();
