import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.js';
import { malformedMultipart } from '../multipart-errors.js';

/** A multipart part as the services take it, in the order it arrived. */
export type IntakePart = IntakeField | IntakeFile;
export interface IntakeField {
  kind: 'field';
  name: string;
  value: string;
  /** Longer than the parser's `fieldSize`: the value is cut. */
  truncated: boolean;
}
export interface IntakeFile {
  kind: 'file';
  name: string;
  fileName: string;
  stream: Readable;
}

/** How a route words the parser's refusals; the statuses are the same on every route. */
export interface MultipartRefusals {
  /** What the body is, in the messages: "Send the upload as multipart/form-data." */
  subject: string;
  /** More file parts than the parser's `files` limit: always 413, like a file over its size. */
  tooManyFiles: { message: string; code?: string };
}

/**
 * The parser's refusals as API errors, one table for every multipart route: not multipart 415,
 * more files than allowed or a file over the parser's size 413, more fields than allowed 400, a body
 * that cannot be read 400. Anything else (an AppError a service threw) is not the parser's and
 * passes through as it is.
 */
export function multipartRefusal(error: unknown, refusals: MultipartRefusals): unknown {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart(refusals);
    case 'FST_FILES_LIMIT':
      return new PayloadTooLargeError(refusals.tooManyFiles.message, refusals.tooManyFiles.code);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError('The file is too large.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new BadRequestError(`The ${refusals.subject} has too many fields.`);
    default:
      return malformedMultipart(error) ?? error;
  }
}

function notMultipart(refusals: MultipartRefusals): UnsupportedMediaTypeError {
  return new UnsupportedMediaTypeError(`Send the ${refusals.subject} as multipart/form-data.`);
}

async function* partsOf(request: FastifyRequest, refusals: MultipartRefusals): AsyncGenerator<IntakePart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        yield { kind: 'field', name: part.fieldname, value: String(part.value), truncated: part.valueTruncated };
      } else {
        yield { kind: 'file', name: part.fieldname, fileName: part.filename, stream: part.file };
      }
    }
  } catch (error) {
    throw multipartRefusal(error, refusals);
  }
}

/**
 * Hands the request's parts to `consume` as they arrive (files as streams, never buffered here) and
 * answers the parser's refusals with the table above, including those that surface only while a
 * file streams on, past the parts loop (a body cut short).
 */
export async function consumeMultipart<T>(
  request: FastifyRequest,
  refusals: MultipartRefusals,
  consume: (parts: AsyncIterable<IntakePart>) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw notMultipart(refusals);
  try {
    return await consume(partsOf(request, refusals));
  } catch (error) {
    throw multipartRefusal(error, refusals);
  }
}
