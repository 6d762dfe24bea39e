import { ERROR_CODE, type ErrorCode } from '@ledgerport/shared';

/** A typed error with a stable code; the error handler maps it to the envelope once. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign-in required.', code: string = ERROR_CODE.unauthorized) {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, ERROR_CODE.forbidden, message);
  }
}

/** Also used for objects outside the caller's scope: another client's object is 404, not 403. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, ERROR_CODE.notFound, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, ERROR_CODE.conflict, message, details);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code: string = ERROR_CODE.validation, details?: unknown) {
    super(400, code, message, details);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Try again later.',
  ) {
    super(429, ERROR_CODE.tooManyRequests, message);
  }
}

/** An upload over a limit (file size, number of files); the code says which. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string, code: string = ERROR_CODE.payloadTooLarge, details?: unknown) {
    super(413, code, message, details);
  }
}

/** Content the server refuses to store (a file type outside the allowlist). */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string, code: string = ERROR_CODE.unsupportedMediaType, details?: unknown) {
    super(415, code, message, details);
  }
}

/**
 * 400 VALIDATION naming each body field a contract refused: what a route that parses its body itself
 * (multipart fields read from the stream) answers, in the shape the validator's own 400 has.
 */
export function invalidBodyFields(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): BadRequestError {
  return new BadRequestError(
    'The request is not valid.',
    ERROR_CODE.validation,
    issues.map((issue) => ({ in: 'body', field: issue.path.map(String).join('.'), message: issue.message })),
  );
}
