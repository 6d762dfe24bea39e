import { BadRequestError } from './errors.js';

/**
 * The multipart parser (busboy) refuses a body it cannot read with a plain Error and no code: no
 * boundary, an empty or over-long one (its search needle), or a body that ends mid-part. Each is
 * the caller's malformed request, not a server fault.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|The needle cannot|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)/;

export function malformedMultipart(error: unknown): BadRequestError | undefined {
  return error instanceof Error && MALFORMED_MULTIPART.test(error.message)
    ? new BadRequestError('The multipart body is malformed.')
    : undefined;
}
