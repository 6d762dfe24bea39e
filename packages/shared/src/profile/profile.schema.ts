import { z } from 'zod';
import { EXTENSION_PATTERN, TEXT_LIMIT } from '../common/constants.js';
import { idSchema } from '../common/list.schema.js';
import { requiredPhoneSchema } from '../common/phone.js';
import { newPasswordSchema, withMatchingConfirmation } from '../password-reset/password-reset.schema.js';
import { meDtoSchema } from '../users/users.schema.js';

/** Profile pictures (spec 01 section 5: png, jpg or jpeg), checked on the file's content. */
export const PROFILE_PICTURE = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['image/png', 'image/jpeg'],
  /** What the file picker offers; the server decides by content, never by name. */
  accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
  /** Stored pictures are scaled down to fit this square; requests may ask for sizes in this range. */
  minSize: 16,
  maxSize: 1024,
} as const;

/** `GET identity/users/me`, plus whether a picture is there to fetch (so nobody asks for a 404). */
export const profileDtoSchema = meDtoSchema.extend({
  hasProfilePicture: z.boolean(),
  /** The user row's version: If-Match on `PUT identity/users/me` (two tabs of one person, issue 21). */
  version: z.string(),
});
export type ProfileDto = z.infer<typeof profileDtoSchema>;

/** The editable fields of the profile form (spec 01 section 5). An empty extension means none. */
export const profileFormSchema = z.object({
  firstName: z.string().trim().min(1).max(TEXT_LIMIT.name),
  lastName: z.string().trim().min(1).max(TEXT_LIMIT.name),
  phoneNumber: requiredPhoneSchema(),
  extension: z.union([z.literal(''), z.string().regex(EXTENSION_PATTERN)]),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** Multipart sends text: "true"/"True"/"1" and "false"/"0"/"" as well as booleans. */
const formBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (normalised === 'true' || normalised === '1') return true;
  if (normalised === 'false' || normalised === '0' || normalised === '') return false;
  return value;
}, z.boolean());

/**
 * The text fields of `PUT identity/users/me` (multipart: FirstName, LastName, PhoneNumber, Extension,
 * IsProfilePictureChanged, and the file ProfilePicture). Extension may be left out.
 */
export const updateProfileFieldsSchema = profileFormSchema.extend({
  extension: z
    .string()
    .trim()
    .refine((value) => value === '' || EXTENSION_PATTERN.test(value), { message: 'Exactly 4 digits.' })
    .optional()
    .transform((value) => (value ? value : null)),
  isProfilePictureChanged: formBoolean.optional().default(false),
});
export type UpdateProfileFields = z.infer<typeof updateProfileFieldsSchema>;

/** `?width=` or `?height=` on picture requests; the picture keeps its aspect ratio. */
export const profilePictureQuerySchema = z.object({
  width: z.coerce.number().int().min(PROFILE_PICTURE.minSize).max(PROFILE_PICTURE.maxSize).optional(),
  height: z.coerce.number().int().min(PROFILE_PICTURE.minSize).max(PROFILE_PICTURE.maxSize).optional(),
});
export type ProfilePictureQuery = z.infer<typeof profilePictureQuerySchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

/** `PATCH identity/users/me/password` and the change-password dialog (spec 01 section 5). */
export const changePasswordInputSchema = withMatchingConfirmation(
  z.object({
    oldPassword: z.string().min(1).max(TEXT_LIMIT.password),
    password: newPasswordSchema,
    confirmPassword: z.string().min(1).max(TEXT_LIMIT.password),
  }),
).refine((value) => value.password !== value.oldPassword, {
  path: ['password'],
  message: 'The new password must differ from the old one.',
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
