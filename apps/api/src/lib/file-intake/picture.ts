import type { Readable } from 'node:stream';
import { PROFILE_PICTURE } from '@ledgerport/shared';
import { PayloadTooLargeError } from '../errors.js';
import type { MultipartRefusals } from './multipart.js';

/** The forms that carry a picture (profile, client edit): their parser takes one file, the picture. */
export function pictureFormRefusals(subject: string): MultipartRefusals {
  return { subject, tooManyFiles: { message: 'Send one picture at most.' } };
}

/**
 * A picture is read whole, unlike a document: it is decoded and re-encoded before it is kept, and
 * at most PROFILE_PICTURE.maxBytes. Over that (counted here, or cut by the parser at its `fileSize`)
 * it is 413. Null for an empty file input, which means no picture.
 */
export async function readPicture(stream: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length <= PROFILE_PICTURE.maxBytes) chunks.push(chunk);
  }
  if (length > PROFILE_PICTURE.maxBytes || (stream as { truncated?: boolean }).truncated) {
    throw new PayloadTooLargeError(`The picture is larger than ${PROFILE_PICTURE.maxBytes / 1024 / 1024} MB.`);
  }
  return length > 0 ? Buffer.concat(chunks) : null;
}
