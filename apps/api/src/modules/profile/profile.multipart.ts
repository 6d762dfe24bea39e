import type { FastifyRequest } from 'fastify';
import { ERROR_CODE, updateProfileFieldsSchema, type UpdateProfileFields } from '@ledgerport/shared';
import { BadRequestError } from '../../lib/errors.js';
import { consumeMultipart, pictureFormRefusals, readPicture } from '../../lib/file-intake/index.js';

/** Multipart field names as existing clients send them (FirstName, ...), matched case-insensitively. */
const FIELD_BY_LOWER_NAME: Record<string, keyof UpdateProfileFields> = {
  firstname: 'firstName',
  lastname: 'lastName',
  phonenumber: 'phoneNumber',
  extension: 'extension',
  isprofilepicturechanged: 'isProfilePictureChanged',
};
const PICTURE_FIELD = 'profilepicture';

export interface ProfileUpdate {
  fields: UpdateProfileFields;
  /** The uploaded file as sent; null when none came (or an empty file input was submitted). */
  picture: Buffer | null;
}

/**
 * Reads the multipart form of `PUT identity/users/me` and validates its text fields with the shared
 * schema. Limits (one file, its size) are enforced by @fastify/multipart as the stream arrives.
 */
export async function readProfileUpdate(request: FastifyRequest): Promise<ProfileUpdate> {
  const raw: Partial<Record<keyof UpdateProfileFields, string>> = {};
  let picture: Buffer | null = null;
  await consumeMultipart(request, pictureFormRefusals('profile'), async (parts) => {
    for await (const part of parts) {
      const name = part.name.toLowerCase();
      if (part.kind === 'file') {
        if (name !== PICTURE_FIELD) {
          part.stream.resume(); // not ours: let it flow past
          continue;
        }
        picture = await readPicture(part.stream);
        continue;
      }
      const field = FIELD_BY_LOWER_NAME[name];
      if (!field) continue;
      if (part.truncated) {
        throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
          { in: 'body', field, message: 'Too long.' },
        ]);
      }
      raw[field] = part.value;
    }
  });

  const parsed = updateProfileFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    // The same shape as the automatic validation errors of JSON bodies.
    const details = parsed.error.issues.map((issue) => ({
      in: 'body',
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, details);
  }
  return { fields: parsed.data, picture };
}
